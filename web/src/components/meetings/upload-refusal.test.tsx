import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { countFull, storageFull, transcriptOverAllowance } from "../../../test/limit-answers";
import { clearToasts } from "../../pages/auth-pages-test-utils";
import { Toaster } from "../ui/toaster";
import { UploadModal } from "./upload-modal";

/** The multipart upload's XMLHttpRequest, at the test boundary: answers with `answer`, as the server would. */
let answer = { status: 400, body: "" };
class RefusingXhr {
  status = 0;
  responseText = "";
  statusText = "";
  withCredentials = false;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {}
  send() {
    this.status = answer.status;
    this.responseText = answer.body;
    setTimeout(() => this.onload?.(), 0);
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  Object.assign(globalThis, { XMLHttpRequest: RefusingXhr });
});
afterEach(() => {
  Object.assign(globalThis, { XMLHttpRequest: realXhr });
  clearToasts();
  cleanup();
});

const PLANNED = { id: 12, clientId: 4, title: "Pension review", date: "2026-04-14T09:00:00.000Z" };

function renderModal() {
  const answers: Record<string, unknown> = { "/api/clients": [{ id: 4, name: "Castellano Partners" }] };
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async (key: string) => answers[key], dedupingInterval: 0 }}>
      <UploadModal open onOpenChange={() => {}} planned={PLANNED} />
      <Toaster />
    </SWRConfig>,
  );
}

async function send(view: ReturnType<typeof renderModal>, file: File) {
  fireEvent.change(view.getByTestId("audio-file-input"), { target: { files: [file] } });
  await view.findByText(file.name);
  fireEvent.click(view.getByRole("button", { name: "Upload & Process" }));
  return (await view.findByText("Upload failed")).closest("[data-part=root]") as HTMLElement;
}

test("an empty file refused by the server shows the server's reason, not the spec's catch-all", async () => {
  // The server's answer to an empty file (api/src/modules/meetings/receive-upload.ts).
  answer = {
    status: 400,
    body: JSON.stringify({ message: "validation failed: the file is empty", code: "validation" }),
  };
  const view = renderModal();
  const toast = await send(view, new File([], "empty.mp3", { type: "audio/mpeg" }));
  expect(toast.textContent).toContain("The file is empty.");
  expect(toast.textContent).not.toContain("There was a problem with your upload");
  // The toast is about that file: removing it ends the toast.
  fireEvent.click(view.getByRole("button", { name: "Remove" }));
  await waitFor(() => expect(toast.getAttribute("data-state")).toBe("closed"));
});

test("a refusal the spec names keeps the spec's text; an answer without a reason keeps the spec's catch-all", async () => {
  answer = { status: 413, body: JSON.stringify({ message: "The file is too large: the limit is 500 MB." }) };
  const view = renderModal();
  const tooLarge = await send(view, new File(["x"], "big.mp3", { type: "audio/mpeg" }));
  expect(tooLarge.textContent).toContain("The audio file is too large. Please upload a file smaller than 500MB.");
  clearToasts();
  answer = { status: 502, body: "<html><body>Bad Gateway</body></html>" };
  fireEvent.click(view.getByRole("button", { name: "Upload & Process" }));
  const proxy = (await view.findByText("Upload failed")).closest("[data-part=root]") as HTMLElement;
  expect(proxy.textContent).toContain("There was a problem with your upload. Please try again.");
});

test("every limit an upload can meet shows the server's sentence: a transcript over the daily allowance, the meetings", async () => {
  for (const refusal of [transcriptOverAllowance(2000), countFull("meetings", 10_000), storageFull(5000)]) {
    answer = { status: refusal.status, body: JSON.stringify(refusal.body) };
    const view = renderModal();
    const toast = await send(view, new File(["WEBVTT\n\n00:00.000 --> 00:02.000\nHello"], "call.vtt"));
    expect(toast.textContent).toContain(refusal.body.message);
    expect(toast.textContent).not.toContain("There was a problem with your upload");
    clearToasts();
    cleanup();
  }
});
