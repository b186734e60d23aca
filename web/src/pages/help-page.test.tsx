import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup } from "@testing-library/react";
import { SUPPORT_EMAIL } from "../lib/brand";
import HelpPage from "./help-page";
import { renderPage, signedInUser } from "./public-pages-test-utils";

afterEach(() => cleanup());

test("help page shows Contact Support with a mailto link to support", () => {
  const view = renderPage(<HelpPage />, signedInUser, "/settings");
  expect(view.getByRole("heading", { level: 1 }).textContent).toBe("Contact Support");
  const mailtos = view.getAllByRole("link").filter((a) => a.getAttribute("href") === `mailto:${SUPPORT_EMAIL}`);
  expect(mailtos.length).toBeGreaterThan(0);
  expect(view.getByText(SUPPORT_EMAIL)).toBeTruthy();
});

test("help page lists what support handles, the response time and an FAQ", () => {
  const view = renderPage(<HelpPage />, signedInUser, "/settings");
  expect(view.getByText("Changes to your username, password or e-mail address")).toBeTruthy();
  expect(view.getByText("Cancelling your subscription")).toBeTruthy();
  expect(view.getByText("Billing and payment questions")).toBeTruthy();
  expect(view.getByText("Data export and deletion requests")).toBeTruthy();
  expect(view.container.textContent?.includes("Expected response time")).toBe(true);
  expect(view.getByRole("heading", { name: "Frequently asked questions" })).toBeTruthy();
  expect(view.queryByRole("banner")).toBeNull();
  expect(view.queryByRole("contentinfo")).toBeNull();
});

test("help explains a draft transcript in the advisor's words: what it means, whom to ask, what to do after", () => {
  const view = renderPage(<HelpPage />, signedInUser, "/settings");
  const answer = view.getByText(/so it wrote the transcript itself/).textContent ?? "";
  expect(answer).toContain("check names and figures against the recording");
  expect(answer).toContain("ask whoever runs Clearminute for you (your IT team or administrator)");
  expect(answer).toContain("Transcribe again");
});

/** Words an operator reads and an advisor does not: settings, files, the guide for operators, "server". */
const OPERATOR_WORDS = [/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, /README/i, /operating guide/i, /\.md\b/, /\bserver\b/i];

test("the Help page is written for advisors: no setting, file or server named anywhere on it", () => {
  const view = renderPage(<HelpPage />, signedInUser, "/settings");
  const text = view.container.textContent ?? "";
  for (const word of OPERATOR_WORDS)
    expect({ word: String(word), found: word.exec(text)?.[0] }).toEqual({ word: String(word), found: undefined });
});
