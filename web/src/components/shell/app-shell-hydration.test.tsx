import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { PublicUser } from "@cm/api/models";
import { act, cleanup } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { Toaster } from "../ui/toaster";
import { AppShell } from "./app-shell";

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  localStorage.clear();
  cleanup();
});

const user: PublicUser = {
  id: 1,
  username: "mreyes",
  email: null,
  fullName: "Morgan Reyes",
  firstName: null,
  lastName: null,
  role: "user",
  profileImageUrl: "https://example.com/me.png",
  subscriptionPlan: "free",
};

const app = (
  <SWRConfig value={{ fallback: { "/api/auth/user": { authenticated: true, user } }, revalidateOnMount: false }}>
    <MemoryRouter initialEntries={["/clients"]}>
      <AppShell>
        <p>Page body</p>
      </AppShell>
      <Toaster />
    </MemoryRouter>
  </SWRConfig>
);

test("the server HTML of the shell hydrates without mismatches, then shows the stored theme", async () => {
  localStorage.setItem("theme", "dark");
  const html = renderToString(app);
  expect(html).toContain("Morgan Reyes");
  expect(html).toContain('aria-current="page"');

  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(" "));
  try {
    await act(async () => {
      root = hydrateRoot(container, app, { onRecoverableError: (error) => errors.push(String(error)) });
    });
  } finally {
    console.error = consoleError;
  }
  expect(errors).toEqual([]);
  expect((container.querySelector('input[value="dark"]') as HTMLInputElement | null)?.checked).toBe(true);
});
