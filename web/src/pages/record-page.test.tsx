import "../../test/setup-dom";
import "fake-indexeddb/auto";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import { openChunkStore } from "../components/recorder/chunk-store";
import { typeInto } from "./auth-pages-test-utils";
import RecordPage from "./record-page";

/** MediaRecorder at the test boundary: records what the page asks of it and hands out chunks on demand. */
class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supported = ["audio/webm;codecs=opus"];
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.includes(type);
  state: "inactive" | "recording" | "paused" = "inactive";
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options?: { mimeType?: string; audioBitsPerSecond?: number },
  ) {
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.state = "recording";
    this.timeslice = timeslice;
  }
  pause() {
    this.state = "paused";
  }
  resume() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob([new Uint8Array([9, 9])]) });
    this.onstop?.();
  }
  emit(bytes: number[]) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)]) });
  }
}

let microphone: () => Promise<unknown>;
const stoppedTracks: string[] = [];

beforeEach(() => {
  FakeMediaRecorder.instances = [];
  FakeMediaRecorder.supported = ["audio/webm;codecs=opus"];
  microphone = async () => ({ getTracks: () => [{ stop: () => stoppedTracks.push("mic") }] });
  Object.assign(globalThis, { MediaRecorder: FakeMediaRecorder });
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: () => microphone() },
  });
});

afterEach(async () => {
  cleanup();
  const store = await openChunkStore();
  for (const recording of await store.listRecordings()) await store.deleteRecording(recording.id);
});

const CLIENTS = [{ id: 4, name: "Castellano Partners", type: "Wealth", createdAt: "2026-01-01T00:00:00Z" }];

function renderPage(path = "/record?clientId=4") {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => CLIENTS, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/record"
            element={
              <>
                <RecordPage />
                <Link to="/dashboard">Dashboard</Link>
              </>
            }
          />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

async function toConsent(view: ReturnType<typeof renderPage>) {
  await view.findByText("Castellano Partners");
  typeInto(view.getByLabelText("Meeting Title"), "Quarterly review");
  fireEvent.click(view.getByRole("button", { name: "Next" }));
  await view.findByText("Before recording, confirm that everyone present agreed to be recorded.");
}

test("opened from a client, its name starts the title; a title is required before the consent step", async () => {
  const view = renderPage();
  await view.findByText("Castellano Partners");
  await waitFor(() =>
    expect((view.getByLabelText("Meeting Title") as HTMLInputElement).value).toBe("Meeting with Castellano Partners"),
  );
  typeInto(view.getByLabelText("Meeting Title"), " ");
  fireEvent.click(view.getByRole("button", { name: "Next" }));
  await view.findByText("Choose the client and give the meeting a title.");
});

test("recording cannot start before the advisor confirms consent; the statement can be shown to read aloud", async () => {
  const view = renderPage();
  await toConsent(view);
  const startButton = () => view.getByRole("button", { name: "Start recording" }) as HTMLButtonElement;
  expect(startButton().disabled).toBe(true);
  fireEvent.click(view.getByRole("button", { name: "Show a statement to read aloud" }));
  view.getByText(/Is everyone here happy for me to record\?/);
  fireEvent.click(view.getByLabelText("Everyone present agreed to be recorded"));
  expect(startButton().disabled).toBe(false);
  fireEvent.click(view.getByLabelText("Written"));
  expect((view.getByLabelText("Written") as HTMLInputElement).checked).toBe(true);
  view.getByLabelText("Note (optional)");
  expect(FakeMediaRecorder.instances).toHaveLength(0);
});

test("recording: Opus in WebM in 4-second chunks kept on the device, pause and resume, Stop keeps the last chunk", async () => {
  const view = renderPage();
  await toConsent(view);
  fireEvent.click(view.getByLabelText("Everyone present agreed to be recorded"));
  fireEvent.click(view.getByLabelText("Written"));
  fireEvent.click(view.getByRole("button", { name: "Start recording" }));
  await view.findByRole("timer");
  const recorder = FakeMediaRecorder.instances[0];
  expect(recorder?.options).toEqual({ mimeType: "audio/webm;codecs=opus", audioBitsPerSecond: 48_000 });
  expect(recorder?.timeslice).toBe(4000);
  view.getByText("Recording");

  const store = await openChunkStore();
  const [stored] = await store.listRecordings();
  const meetingData = JSON.parse(stored?.metadata.meetingData ?? "{}");
  expect(meetingData).toMatchObject({ title: "Quarterly review", clientId: 4, source: "recording" });
  expect(meetingData.consent.method).toBe("written");
  expect(stored?.metadata.filetype).toBe("audio/webm");

  act(() => recorder?.emit([1, 2, 3]));
  await waitFor(async () => expect((await store.readChunks(stored?.id ?? "")).length).toBe(1));

  fireEvent.click(view.getByRole("button", { name: "Pause" }));
  expect(recorder?.state).toBe("paused");
  view.getByText("Paused");
  fireEvent.click(view.getByRole("button", { name: "Resume" }));
  expect(recorder?.state).toBe("recording");

  fireEvent.click(view.getByRole("button", { name: "Stop" }));
  await waitFor(async () => expect((await store.getRecording(stored?.id ?? ""))?.state).toBe("stopped"));
  const after = await store.getRecording(stored?.id ?? "");
  expect(after?.totalBytes).toBe(5); // the chunk before and the last one at Stop
  expect(stoppedTracks).toContain("mic");
});

test("Safari records AAC in MP4", async () => {
  FakeMediaRecorder.supported = ["audio/mp4"];
  const view = renderPage();
  await toConsent(view);
  fireEvent.click(view.getByLabelText("Everyone present agreed to be recorded"));
  fireEvent.click(view.getByRole("button", { name: "Start recording" }));
  await view.findByRole("timer");
  expect(FakeMediaRecorder.instances[0]?.options?.mimeType).toBe("audio/mp4");
  const [stored] = await (await openChunkStore()).listRecordings();
  expect(stored?.metadata.filename).toMatch(/\.m4a$/);
});

test("a refused microphone says why, and nothing is kept", async () => {
  microphone = async () => {
    throw Object.assign(new Error("denied"), { name: "NotAllowedError" });
  };
  const view = renderPage();
  await toConsent(view);
  fireEvent.click(view.getByLabelText("Everyone present agreed to be recorded"));
  fireEvent.click(view.getByRole("button", { name: "Start recording" }));
  await view.findByText(/The browser is not allowed to use the microphone/);
  expect(await (await openChunkStore()).listRecordings()).toEqual([]);
});

test("a link inside the app while recording asks first; Stop and leave keeps what was recorded", async () => {
  const view = renderPage();
  await toConsent(view);
  fireEvent.click(view.getByLabelText("Everyone present agreed to be recorded"));
  fireEvent.click(view.getByRole("button", { name: "Start recording" }));
  await view.findByRole("timer");
  fireEvent.click(view.getByRole("link", { name: "Dashboard" }));
  await view.findByText("Stop recording and leave?");
  expect(FakeMediaRecorder.instances[0]?.state).toBe("recording");
  fireEvent.click(view.getByRole("button", { name: "Stop and leave" }));
  await view.findByText("elsewhere");
  expect(FakeMediaRecorder.instances[0]?.state).toBe("inactive");
  await waitFor(async () => {
    const [stored] = await (await openChunkStore()).listRecordings();
    expect(stored?.state).toBe("stopped");
  });
});
