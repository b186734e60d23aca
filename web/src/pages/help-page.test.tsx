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

test("help explains a draft transcript and how whoever runs the server connects a speech service", () => {
  const view = renderPage(<HelpPage />, signedInUser, "/settings");
  const answer = view.getByText(/Without a speech service, recordings are transcribed on the server itself/);
  expect(answer.textContent).toContain("OPENAI_API_KEY");
  expect(answer.textContent).toContain("SPEECH_BASE_URL");
  expect(answer.textContent).toContain("Transcribe again");
});
