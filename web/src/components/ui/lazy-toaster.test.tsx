import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { toast } from "../../lib/toast";
import { LazyToaster } from "./lazy-toaster";

afterEach(async () => {
  const { toaster } = await import("../../lib/toast-store");
  act(() => toaster.remove());
  cleanup();
});

test("the server renders nothing, so hydration matches before any toast", () => {
  expect(renderToString(<LazyToaster />)).toBe("");
});

test("the first toast loads the toaster and shows", async () => {
  const view = render(<LazyToaster />);
  act(() => {
    toast({ title: "Notes saved", description: "Your notes are up to date." });
  });
  const status = await view.findByRole("status");
  expect(status.textContent).toContain("Notes saved");
});
