import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { Toaster } from "../components/ui/toaster";
import { clearToasts } from "../pages/auth-pages-test-utils";
import { PageToastsCleanup } from "./page-toasts-cleanup";
import { toast } from "./toast";

afterEach(() => {
  clearToasts();
  cleanup();
});

function renderPages() {
  return render(
    <MemoryRouter initialEntries={["/search"]}>
      <Routes>
        <Route path="/search" element={<Link to="/meetings/7">Open the meeting</Link>} />
        <Route path="/meetings/:id" element={<p>Meeting page</p>} />
      </Routes>
      <PageToastsCleanup />
      <Toaster />
    </MemoryRouter>,
  );
}

const stateOf = async (view: ReturnType<typeof renderPages>, title: string) =>
  (await view.findByText(title)).closest("[data-part=root]")?.getAttribute("data-state");

test("a toast about one page is dismissed when the user goes to another page", async () => {
  window.history.pushState({}, "", "/search");
  const view = renderPages();
  act(() => {
    toast({ title: "Search Issue", description: "Nothing found.", variant: "destructive", onlyOnThisPage: true });
  });
  expect(await stateOf(view, "Search Issue")).toBe("open");
  fireEvent.click(view.getByRole("link", { name: "Open the meeting" }));
  await view.findByText("Meeting page");
  await waitFor(async () => expect(await stateOf(view, "Search Issue")).toBe("closed"));
});

test("an ordinary toast (one that announces where the user is sent) stays on the next page", async () => {
  window.history.pushState({}, "", "/search");
  const view = renderPages();
  act(() => {
    toast({ title: "Meeting deleted", description: "It is gone." });
  });
  fireEvent.click(view.getByRole("link", { name: "Open the meeting" }));
  await view.findByText("Meeting page");
  expect(await stateOf(view, "Meeting deleted")).toBe("open");
});
