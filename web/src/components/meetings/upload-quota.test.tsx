import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { AccountUsage } from "@cm/api/models";
import { cleanup, fireEvent, render } from "@testing-library/react";
import { SWRConfig } from "swr";
import { clearToasts } from "../../pages/auth-pages-test-utils";
import { Toaster } from "../ui/toaster";
import { uploadErrorMessage } from "./upload-errors";
import { UploadModal } from "./upload-modal";
import { quotaProblem } from "./upload-quota-check";

afterEach(() => {
  clearToasts();
  cleanup();
});

const MB = 1024 ** 2;
const quota = (used: number, limit: number | null, freesAt: string | null = null) => ({
  used,
  limit,
  left: limit === null ? null : Math.max(0, limit - used),
  freesAt,
});
const usage = (over: Partial<AccountUsage> = {}): AccountUsage => ({
  plan: "standard",
  storage: quota(0, 1024 * MB),
  processing: quota(0, 16 * 3600),
  queue: quota(0, 20),
  dataBytes: 0,
  meetings: quota(0, 10_000),
  clients: quota(0, 5_000),
  creations: quota(0, 60),
  perItem: { noteCharacters: 100_000, actionItemsPerMeeting: 200, contactsPerClient: 50 },
  ...over,
});

test("a file larger than the storage left, a full queue or a spent allowance is named before sending", () => {
  const nearlyFull = usage({ storage: quota(1000 * MB, 1024 * MB) });
  expect(quotaProblem(nearlyFull, { size: 451 * MB }, "audio")).toBe(
    "Storage limit reached: your account may keep 1 GB of recordings and transcripts, 24 MB is left and this file is 451 MB. Delete meetings you no longer need to make room.",
  );
  expect(quotaProblem(nearlyFull, { size: 20 * MB }, "audio")).toBeUndefined();
  expect(quotaProblem(usage({ queue: quota(3, 3) }), { size: 1 }, "transcript")).toContain(
    "may have 3 meetings waiting or in processing at once",
  );
  const spent = usage({ processing: quota(7200, 7200, "2026-11-24T14:05:00.000Z") });
  expect(quotaProblem(spent, { size: MB }, "audio")).toStartWith(
    "Daily processing limit reached: your account may process 2 h of audio a day and none is left. More frees up on",
  );
  // Transcript files take no hours of audio.
  expect(quotaProblem(spent, { size: MB }, "transcript")).toBeUndefined();
  // Quotas switched off.
  const off = { used: 0, limit: null, left: null, freesAt: null };
  expect(quotaProblem(usage({ storage: off, queue: off }), { size: 500 * MB }, "audio")).toBeUndefined();
});

test("the server's quota refusal is shown in its own words, not as the 500MB toast", () => {
  const body = JSON.stringify({ message: "Storage limit reached: your account may keep 2 GB…", code: "storage_quota" });
  expect(uploadErrorMessage(`413: ${body}`)).toBe("Storage limit reached: your account may keep 2 GB…");
  expect(uploadErrorMessage('413: {"message":"The file is too large","code":"too_large"}')).toContain("500MB");
});

// The same check runs again on submit, before anything is sent (upload-modal.tsx).
test("the dialog says a file will not fit as soon as it is chosen", async () => {
  const answers: Record<string, unknown> = {
    "/api/clients": [{ id: 4, name: "Castellano Partners" }],
    "/api/usage": usage({ storage: quota(1020 * MB, 1024 * MB) }),
  };
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async (key: string) => answers[key], dedupingInterval: 0 }}>
      <UploadModal open onOpenChange={() => {}} initialDate="2026-04-14" />
      <Toaster />
    </SWRConfig>,
  );
  await view.findByText("Select Client");
  const big = new File([new Uint8Array(5 * MB)], "silence.wav", { type: "audio/wav" });
  fireEvent.change(view.getByTestId("audio-file-input"), { target: { files: [big] } });
  const alert = await view.findByText(/^Storage limit reached: your account may keep 1 GB/);
  expect(alert.textContent).toContain("4 MB is left and this file is 5 MB");
  fireEvent.click(view.getByRole("button", { name: "Remove" }));
  expect(view.queryByText(/^Storage limit reached/)).toBeNull();
});
