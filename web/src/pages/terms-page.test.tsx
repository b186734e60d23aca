import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, within } from "@testing-library/react";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "../lib/brand";
import { renderPage } from "./public-pages-test-utils";
import TermsPage from "./terms-page";

afterEach(() => cleanup());

test("shows the title and the last-updated date", () => {
  const view = renderPage(<TermsPage />, null, "/terms");
  expect(view.getByRole("heading", { level: 1 }).textContent).toBe("Terms of Service");
  expect(view.getByText("Last Updated: May 24, 2025")).toBeTruthy();
});

test("has exactly 15 numbered sections in the spec's order", () => {
  const view = renderPage(<TermsPage />, null, "/terms");
  const list = view.getByRole("list", { name: "Sections" });
  const headings = within(list).getAllByRole("heading", { level: 2 });
  expect(headings.length).toBe(15);
  headings.forEach((h, i) => {
    expect(h.textContent?.startsWith(`${i + 1}. `)).toBe(true);
  });
  const titles = headings.map((h) => h.textContent?.replace(/^\d+\. /, "") ?? "");
  expect(titles[0]).toBe("Acceptance of Terms");
  expect(titles[4]).toBe("User Content");
  expect(titles[5]).toBe("Client Information");
  expect(titles[12]).toBe("Governing Law");
  expect(titles[14]).toBe("Indemnification");
});

test("contains the Texas clause, client consent and the help address", () => {
  const view = renderPage(<TermsPage />, null, "/terms");
  const text = view.container.textContent ?? "";
  expect(text.includes("laws of the State of Texas")).toBe(true);
  expect(text.includes("Northern District of Texas")).toBe(true);
  expect(text.includes("must obtain consent from your clients before recording")).toBe(true);
  expect(text.includes("process, store and analyse it in order to provide and improve the Service")).toBe(true);
  const list = within(view.getByRole("list", { name: "Sections" }));
  expect(list.getByRole("link", { name: SUPPORT_EMAIL }).getAttribute("href")).toBe(`mailto:${SUPPORT_EMAIL}`);
});

test("has a Return to Registration link and the product name links home", () => {
  const view = renderPage(<TermsPage />, null, "/terms");
  expect(view.getByRole("link", { name: "Return to Registration" }).getAttribute("href")).toBe("/register");
  const header = within(view.getByRole("banner"));
  expect(header.getByRole("link", { name: PRODUCT_NAME }).getAttribute("href")).toBe("/");
});
