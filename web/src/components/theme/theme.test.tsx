import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { THEME_INIT_SCRIPT, THEME_STORAGE_KEY } from "./theme-script";
import { ThemeToggle } from "./theme-toggle";
import { readStoredTheme, resolveTheme, setTheme } from "./use-theme";

const html = () => document.documentElement;
const runInitScript = () => new Function(THEME_INIT_SCRIPT)();
const device = () =>
  (window as unknown as { happyDOM: { settings: { device: { prefersColorScheme: string } } } }).happyDOM.settings
    .device;

function setSystemScheme(scheme: "light" | "dark") {
  device().prefersColorScheme = scheme;
  window.dispatchEvent(new Event("resize")); // happy-dom re-evaluates media queries on resize
}

beforeEach(() => {
  localStorage.clear();
  html().classList.remove("dark");
  html().style.colorScheme = "";
  setSystemScheme("light");
});
afterEach(() => cleanup());

test("the init script defaults to light", () => {
  runInitScript();
  expect(html().classList.contains("dark")).toBe(false);
  expect(html().style.colorScheme).toBe("light");
});

test("the init script applies the dark class from localStorage", () => {
  localStorage.setItem(THEME_STORAGE_KEY, "dark");
  runInitScript();
  expect(html().classList.contains("dark")).toBe(true);
  expect(html().style.colorScheme).toBe("dark");
});

test("the init script follows the system scheme for 'system'", () => {
  localStorage.setItem(THEME_STORAGE_KEY, "system");
  setSystemScheme("dark");
  runInitScript();
  expect(html().classList.contains("dark")).toBe(true);
  localStorage.setItem(THEME_STORAGE_KEY, "light");
  runInitScript();
  expect(html().classList.contains("dark")).toBe(false);
});

test("unknown stored values fall back to light", () => {
  localStorage.setItem(THEME_STORAGE_KEY, "sepia");
  expect(readStoredTheme()).toBe("light");
  expect(resolveTheme("system", true)).toBe("dark");
  expect(resolveTheme("system", false)).toBe("light");
});

test("setTheme persists the choice and applies it", () => {
  setTheme("dark");
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
  expect(html().classList.contains("dark")).toBe(true);
  setTheme("light");
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
  expect(html().classList.contains("dark")).toBe(false);
});

test("the toggle offers Light, Dark and System and persists the choice", async () => {
  const view = render(<ThemeToggle />);
  const light = view.getByRole("radio", { name: "Light" }) as HTMLInputElement;
  const dark = view.getByRole("radio", { name: "Dark" }) as HTMLInputElement;
  view.getByRole("radio", { name: "System" });
  expect(light.checked).toBe(true);
  act(() => dark.click());
  await waitFor(() => expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark"));
  expect(html().classList.contains("dark")).toBe(true);
  expect((view.getByRole("radio", { name: "Dark" }) as HTMLInputElement).checked).toBe(true);
});

test("with System chosen, the theme follows the OS scheme live", () => {
  localStorage.setItem(THEME_STORAGE_KEY, "system");
  const view = render(<ThemeToggle />);
  expect((view.getByRole("radio", { name: "System" }) as HTMLInputElement).checked).toBe(true);
  expect(html().classList.contains("dark")).toBe(false);
  act(() => setSystemScheme("dark"));
  expect(html().classList.contains("dark")).toBe(true);
  act(() => setSystemScheme("light"));
  expect(html().classList.contains("dark")).toBe(false);
});
