import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { useState } from "react";
import { SWRConfig } from "swr";
import { clearToasts } from "../../pages/auth-pages-test-utils";
import { Toaster } from "../ui/toaster";
import { UploadModal } from "./upload-modal";

/** The multipart upload's XMLHttpRequest, at the test boundary: keeps what was sent and answers 200. */
const sent: { url: string; form: FormData }[] = [];
class FakeXhr {
  status = 0;
  responseText = "";
  statusText = "";
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = "";
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    sent.push({ url: this.url, form });
    this.status = 200;
    this.responseText = JSON.stringify({ id: 55 });
    setTimeout(() => this.onload?.(), 0);
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  sent.length = 0;
  Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
});
afterEach(() => {
  Object.assign(globalThis, { XMLHttpRequest: realXhr });
  clearToasts();
  cleanup();
});

const PLANNED = { id: 12, clientId: 4, title: "Pension review", date: "2026-04-14T09:00:00.000Z" };

/** As the pages hold it: the dialog closes when it asks to (after a successful upload), as in production. */
function OpenUploadModal() {
  const [open, setOpen] = useState(true);
  return <UploadModal open={open} onOpenChange={setOpen} planned={PLANNED} />;
}

function renderModal() {
  const answers: Record<string, unknown> = {
    "/api/clients": [{ id: 4, name: "Castellano Partners" }],
    "/api/usage": undefined,
  };
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async (key: string) => answers[key], dedupingInterval: 0 }}>
      <OpenUploadModal />
      <Toaster />
    </SWRConfig>,
  );
}

async function submitSmallFile(view: ReturnType<typeof renderModal>) {
  fireEvent.change(view.getByTestId("audio-file-input"), {
    target: { files: [new File(["x"], "call.mp3", { type: "audio/mpeg" })] },
  });
  await view.findByText("call.mp3");
  fireEvent.click(view.getByRole("button", { name: "Upload & Process" }));
  await waitFor(() => expect(sent).toHaveLength(1));
  return JSON.parse(String(sent[0]?.form.get("meetingData")));
}

test("the Upload dialog asks for consent without requiring it: a small file without it keeps the spec's payload", async () => {
  const view = renderModal();
  await view.findByText("Consent to record (optional)");
  const meetingData = await submitSmallFile(view);
  expect(sent[0]?.url).toBe("/api/meetings/upload");
  expect(meetingData.consent).toBeUndefined();
  expect(meetingData).toMatchObject({ title: "Pension review", clientId: 4, meetingId: 12, status: "Processing" });
  await view.findByText("Your audio file is being processed and analyzed.");
});

test("consent given in the Upload dialog is sent with the meeting data", async () => {
  const view = renderModal();
  fireEvent.click(await view.findByLabelText("Everyone present agreed to be recorded"));
  fireEvent.click(view.getByLabelText("A note"));
  const meetingData = await submitSmallFile(view);
  expect(meetingData.consent.method).toBe("note");
  expect(Number.isNaN(Date.parse(meetingData.consent.confirmedAt))).toBe(false);
  expect(meetingData.source).toBeUndefined();
});
