import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { TOAST_DURATION_MS, toast } from "../../lib/toast";
import { toaster } from "../../lib/toast-store";
import { Toaster } from "./toaster";

afterEach(() => {
  act(() => toaster.remove());
  cleanup();
});

test("the store has the spec's toast constants", () => {
  expect(toaster.attrs.max).toBe(1);
  expect(toaster.attrs.duration).toBe(TOAST_DURATION_MS);
  expect(toaster.attrs.removeDelay).toBe(1_000_000);
  expect(toaster.attrs.hotkey).toEqual(["F8"]);
});

test("a toast shows its title and description in a status element", async () => {
  const screen = render(<Toaster />);
  act(() => {
    toast({ title: "Notes saved", description: "Your notes are up to date." });
  });
  const status = await screen.findByRole("status");
  expect(status.textContent).toContain("Notes saved");
  expect(status.textContent).toContain("Your notes are up to date.");
  expect(status.getAttribute("data-variant")).toBe("default");
});

test("only one toast is visible when two are fired: the newest", async () => {
  const screen = render(<Toaster />);
  act(() => {
    toast({ title: "First" });
    toast({ title: "Second" });
  });
  await screen.findByText("Second");
  expect(screen.queryByText("First")).toBeNull();
  expect(document.querySelectorAll('[data-scope="toast"][data-part="root"]').length).toBe(1);
});

test("the destructive variant is an alert styled red", async () => {
  const screen = render(<Toaster />);
  act(() => {
    toast({ title: "Upload failed", description: "Please try again.", variant: "destructive" });
  });
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toContain("Upload failed");
  expect(alert.getAttribute("data-variant")).toBe("destructive");
  expect(alert.className).toContain("bg-red-600");
});

test("the close button dismisses the toast (hidden, kept for the remove delay)", async () => {
  const screen = render(<Toaster />);
  act(() => {
    toast({ title: "Client deleted" });
  });
  const status = await screen.findByRole("status");
  fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
  await waitFor(() => expect(status.getAttribute("data-state")).toBe("closed"));
  expect(status.getAttribute("aria-hidden")).toBe("true");
});

test("swiping right 50 px or more dismisses; a shorter swipe does not", async () => {
  const screen = render(<Toaster />);
  act(() => {
    toast({ title: "Swipe me" });
  });
  const status = await screen.findByRole("status");
  fireEvent.pointerDown(status, { button: 0, clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(status, { clientX: 130, pointerId: 1 });
  fireEvent.pointerUp(status, { clientX: 130, pointerId: 1 });
  expect(status.getAttribute("data-state")).toBe("open");
  fireEvent.pointerDown(status, { button: 0, clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(status, { clientX: 160, pointerId: 1 });
  fireEvent.pointerUp(status, { clientX: 160, pointerId: 1 });
  await waitFor(() => expect(status.getAttribute("data-state")).toBe("closed"));
});

test("F8 moves focus to the notification region", async () => {
  const screen = render(<Toaster />);
  act(() => {
    toast({ title: "Focus me" });
  });
  await screen.findByRole("status");
  fireEvent.keyDown(document, { key: "F8", code: "F8" });
  const region = screen.getByRole("region");
  await waitFor(() => expect(document.activeElement?.id).toBe(region.id));
});
