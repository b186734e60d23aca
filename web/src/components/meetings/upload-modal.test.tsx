import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { toast } from "../../lib/toast";
import { clearToasts } from "../../pages/auth-pages-test-utils";
import { Toaster } from "../ui/toaster";
import { UploadModal } from "./upload-modal";

afterEach(() => {
  clearToasts();
  cleanup();
});

const CLIENTS = [{ id: 4, name: "Castellano Partners" }];

function renderModal(initialDate?: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => CLIENTS, dedupingInterval: 0 }}>
      <UploadModal open onOpenChange={() => {}} initialDate={initialDate} />
      <Toaster />
    </SWRConfig>,
  );
}

const choose = (view: ReturnType<typeof renderModal>, file: File) =>
  fireEvent.change(view.getByTestId("audio-file-input"), { target: { files: [file] } });

test("the drop zone's hint names the transcript files it takes, not only audio formats", async () => {
  const view = renderModal();
  await view.findByText(/or a transcript file \(\.vtt, \.srt, \.txt\)/);
  view.getByText(/MP3, WAV, M4A, AAC, CAF and other audio formats up to 500MB/);
});

// Which file fills the start time, and when a time stays, is `start-from-file.test.ts`; replacing a chosen file in
// a real dialog is the browser suite's (`e2e/meetings.test.ts`): happy-dom reads a focus inside the loaded client
// picker as a click outside the dialog and closes it, which Chromium does not.
test("a recording's own time fills the optional start time and says where it came from", async () => {
  const view = renderModal("2026-04-14");
  const start = () => view.getByLabelText("Start Time (optional)") as HTMLInputElement;
  expect(start().value).toBe("");
  choose(
    view,
    new File(["x"], "call.m4a", { type: "audio/mp4", lastModified: new Date(2026, 3, 14, 9, 41).getTime() }),
  );
  await waitFor(() => expect(start().value).toBe("09:41"));
  view.getByText(/From the recording file's time/);
});

test("a transcript file's time is not taken for the meeting's", async () => {
  const view = renderModal("2026-04-14");
  choose(
    view,
    new File(["Ann: hello"], "call.vtt", { type: "text/vtt", lastModified: new Date(2026, 3, 14, 9, 0).getTime() }),
  );
  await view.findByText("call.vtt");
  expect((view.getByLabelText("Start Time (optional)") as HTMLInputElement).value).toBe("");
});

test("the 'No file selected' toast goes once a file is shown", async () => {
  const view = renderModal("2026-04-14");
  act(() => {
    toast({ title: "No file selected", description: "Please select an audio file to upload.", variant: "destructive" });
  });
  await view.findByText("No file selected");
  choose(view, new File(["x"], "call.mp3", { type: "audio/mpeg" }));
  await view.findByText("call.mp3");
  await waitFor(() =>
    expect(view.queryByRole("alert", { name: /No file selected/ })?.getAttribute("data-state") ?? "closed").toBe(
      "closed",
    ),
  );
});
