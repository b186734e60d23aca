import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup } from "@testing-library/react";
import NotFoundPage from "./not-found-page";
import { renderPage, signedInUser } from "./public-pages-test-utils";

afterEach(() => cleanup());

test("404 page shows Page not found and links to the dashboard", () => {
  const view = renderPage(<NotFoundPage />, signedInUser, "/nowhere");
  const h1 = view.getByRole("heading", { level: 1 });
  expect(h1.textContent?.includes("404")).toBe(true);
  expect(h1.textContent?.includes("Page not found")).toBe(true);
  expect(view.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/dashboard");
});
