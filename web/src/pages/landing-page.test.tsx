import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, within } from "@testing-library/react";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "../lib/brand";
import LandingPage from "./landing-page";
import { hrefs, renderPage, signedInUser } from "./public-pages-test-utils";

afterEach(() => cleanup());

test("shows the hero headline", () => {
  const view = renderPage(<LandingPage />);
  const h1 = view.getByRole("heading", { level: 1 });
  expect(h1.textContent).toBe("Meeting notes your clients can trust");
  expect(view.getByText("AI meeting notes for client advisors")).toBeTruthy();
});

test("shows three feature cards", () => {
  const view = renderPage(<LandingPage />);
  const cards = view.getAllByTestId("feature-card");
  expect(cards.length).toBe(3);
  const titles = cards.map((c) => within(c).getByRole("heading").textContent);
  expect(titles).toEqual(["AI transcription", "Intelligent summaries", "Searchable knowledge"]);
  expect(cards[2]?.textContent?.includes("cite the meeting they came from")).toBe(true);
});

test("shows the security and privacy claims", () => {
  const view = renderPage(<LandingPage />);
  expect(view.getByRole("heading", { name: "Never used to train models" })).toBeTruthy();
  expect(view.getByRole("heading", { name: "Never shared with third parties" })).toBeTruthy();
  expect(view.getByRole("heading", { name: "Self-hostable" })).toBeTruthy();
  expect(view.getByRole("heading", { name: "Encrypted in transit" })).toBeTruthy();
});

test("shows the $99/month plan with a button to /register", () => {
  const view = renderPage(<LandingPage />);
  const pricing = view.getByRole("region", { name: "One plan, simple pricing" });
  expect(pricing.textContent?.includes("$99/month")).toBe(true);
  expect(pricing.textContent?.includes("Cancel anytime")).toBe(true);
  const cta = within(pricing).getByRole("link", { name: "Get started" });
  expect(cta.getAttribute("href")).toBe("/register");
});

test("says account changes and cancellation go through support", () => {
  const view = renderPage(<LandingPage />);
  expect(view.getByText("How do I change my username, password or e-mail?")).toBeTruthy();
  expect(view.getByText("How do I cancel my subscription?")).toBeTruthy();
});

test("visitor header shows Sign in to /login and no app links", () => {
  const view = renderPage(<LandingPage />);
  const header = within(view.getByRole("banner"));
  expect(header.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
  expect(header.queryByRole("link", { name: "Dashboard" })).toBeNull();
  expect(header.queryByRole("link", { name: "Clients" })).toBeNull();
  expect(header.getByRole("link", { name: PRODUCT_NAME }).getAttribute("href")).toBe("/");
});

test("signed-in header shows Dashboard and Clients instead of Sign in", () => {
  const view = renderPage(<LandingPage />, signedInUser);
  const header = within(view.getByRole("banner"));
  expect(header.queryByRole("link", { name: "Sign in" })).toBeNull();
  expect(header.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
  expect(header.getByRole("link", { name: "Clients" }).getAttribute("href")).toBe("/clients");
});

test("footer has the support mailto, Terms, Help and copyright", () => {
  const view = renderPage(<LandingPage />);
  const footer = view.getByRole("contentinfo");
  const links = within(footer);
  expect(links.getByRole("link", { name: SUPPORT_EMAIL }).getAttribute("href")).toBe(`mailto:${SUPPORT_EMAIL}`);
  expect(links.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
  expect(links.getByRole("link", { name: "Help" }).getAttribute("href")).toBe("/settings");
  expect(footer.textContent?.includes(`© ${new Date().getFullYear()} ${PRODUCT_NAME}`)).toBe(true);
  expect(hrefs(view).includes("/register")).toBe(true);
});
