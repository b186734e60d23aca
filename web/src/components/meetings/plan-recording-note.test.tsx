import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup } from "@testing-library/react";
import { renderWithData } from "../../../test/render-with-data";
import { mockFetch } from "../../pages/auth-pages-test-utils";
import { PlanRecordingNote } from "./plan-recording-note";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

test("the upload dialog says how long the plan keeps recordings, and that the rest stays", async () => {
  mockFetch({ "GET /api/account/settings": { body: { planRecordingDays: 30 } } });
  const view = renderWithData(<PlanRecordingNote />, "/dashboard");
  expect(
    await view.findByText(
      "Your plan keeps recordings 30 days; then the recording is deleted, and its transcript, notes and summary stay.",
    ),
  ).toBeTruthy();
});
