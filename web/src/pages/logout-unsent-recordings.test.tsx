import "fake-indexeddb/auto";
import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent } from "@testing-library/react";
import { openChunkStore, type StoredRecording } from "../components/recorder/chunk-store";
import { SIGN_OUT_NOW } from "../lib/sign-out";
import { clearToasts, mockFetch, renderAuthPage } from "./auth-pages-test-utils";
import LogoutPage from "./logout-page";

const realFetch = globalThis.fetch;

afterEach(async () => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
  const store = await openChunkStore();
  for (const recording of await store.listRecordings()) await store.deleteRecording(recording.id);
});

const waiting = (id: string, extra: Partial<StoredRecording> = {}): StoredRecording => ({
  id,
  title: "Review with Dana Reyes",
  metadata: { filename: "recording.webm" },
  uploadUrl: null,
  state: "stopped",
  totalBytes: 4000,
  ackedBytes: 1000,
  durationMs: 60_000,
  createdAt: new Date().toISOString(),
  ...extra,
});

async function keep(...recordings: StoredRecording[]) {
  const store = await openChunkStore();
  for (const recording of recordings) await store.putRecording(recording);
}

test("a recording still on the device stops the sign-out: nothing is posted until the advisor chooses", async () => {
  await keep(waiting("r1"));
  const calls = mockFetch({ "POST /api/logout": { body: { message: "Signed out" } } });
  const view = renderAuthPage(<LogoutPage />, "/logout", {}, SIGN_OUT_NOW);
  const dialog = await view.findByRole("alertdialog");
  expect(dialog.textContent).toContain("1 recording on this device has not reached the server yet");
  expect(calls).toEqual([]);
  fireEvent.click(view.getByRole("button", { name: "Stay signed in" }));
  expect((await view.findByTestId("location")).textContent).toBe("/");
  expect(calls).toEqual([]);
  expect((await (await openChunkStore()).listRecordings()).map((r) => r.id)).toEqual(["r1"]);
});

test("the advisor may sign out anyway: the count is named and the sign-out goes ahead", async () => {
  await keep(waiting("r1"), waiting("r2", { state: "recording" }), waiting("r3", { refusal: "The file is empty." }));
  const calls = mockFetch({ "POST /api/logout": { body: { message: "Signed out" } } });
  const view = renderAuthPage(<LogoutPage />, "/logout", {}, SIGN_OUT_NOW);
  const dialog = await view.findByRole("alertdialog");
  // The refused one is not waiting for the server: two are.
  expect(dialog.textContent).toContain("2 recordings on this device have not reached the server yet");
  fireEvent.click(view.getByRole("button", { name: "Sign out and delete them" }));
  expect((await view.findByTestId("location")).textContent).toBe("/login");
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/logout"]);
});

test("with nothing waiting, the Sign out button of a /logout opened from elsewhere signs out at once", async () => {
  await keep(waiting("r3", { refusal: "The file is empty." }));
  const calls = mockFetch({ "POST /api/logout": { body: { message: "Signed out" } } });
  const view = renderAuthPage(<LogoutPage />, "/logout");
  fireEvent.click(view.getByRole("button", { name: "Sign out" }));
  expect((await view.findByTestId("location")).textContent).toBe("/login");
  expect(view.queryByRole("alertdialog")).toBeNull();
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/logout"]);
});
