import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { toast } from "../../lib/toast";
import { clearToasts, typeInto } from "../../pages/auth-pages-test-utils";
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

test("a recording's own time fills the optional start time when it is on the meeting's day; a typed time stays", async () => {
  const view = renderModal("2026-04-14");
  const start = view.getByLabelText("Start Time (optional)") as HTMLInputElement;
  expect(start.value).toBe("");
  choose(
    view,
    new File(["x"], "call.m4a", { type: "audio/mp4", lastModified: new Date(2026, 3, 14, 9, 41).getTime() }),
  );
  await waitFor(() => expect(start.value).toBe("09:41"));
  view.getByText(/From the recording file's time/);
  // Another day's file says nothing about this meeting: the time it filled in stays as it was.
  choose(view, new File(["x"], "old.m4a", { type: "audio/mp4", lastModified: new Date(2026, 0, 2, 16, 0).getTime() }));
  await view.findByText("old.m4a");
  expect(start.value).toBe("09:41");
  // A time the advisor typed is never replaced by a file's.
  typeInto(start, "08:15");
  choose(
    view,
    new File(["x"], "again.m4a", { type: "audio/mp4", lastModified: new Date(2026, 3, 14, 11, 0).getTime() }),
  );
  await view.findByText("again.m4a");
  expect(start.value).toBe("08:15");
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
