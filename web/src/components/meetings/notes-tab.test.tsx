import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { toaster } from "../../lib/toast-store";
import { typeInto } from "../../pages/auth-pages-test-utils";
import { Toaster } from "../ui/toaster";
import { NOTE_AUTOSAVE_MS } from "./note-saver";
import { NotesTab } from "./notes-tab";

interface SentNote {
  meetingId: number;
  content: string;
  keepalive: boolean;
  answer(status?: number): void;
}

let sent: SentNote[] = [];
/** When true, each POST waits for the test to answer it; else it is answered 200 at once. */
let holdAnswers = false;
const realFetch = globalThis.fetch;
let nextMeetingId = 100;

beforeEach(() => {
  sent = [];
  holdAnswers = false;
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { meetingId: number; content: string };
    return new Promise<Response>((resolve) => {
      const answer = (status = 200) =>
        resolve(
          new Response(
            JSON.stringify(
              status === 200 ? { ...body, updatedAt: new Date().toISOString() } : { message: "database unavailable" },
            ),
            { status },
          ),
        );
      sent.push({ ...body, keepalive: init?.keepalive === true, answer });
      if (!holdAnswers) answer();
    });
  }) as typeof fetch;
});

afterEach(() => {
  act(() => toaster.remove());
  cleanup();
  globalThis.fetch = realFetch;
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
});

function renderNotes(content = "") {
  const meetingId = nextMeetingId++;
  const tree = (showNotes: boolean) => (
    <SWRConfig
      value={{
        provider: () => new Map(),
        fallback: { [`/api/notes/meeting/${meetingId}`]: { meetingId, content, updatedAt: null } },
        revalidateOnMount: false,
      }}
    >
      {showNotes ? <NotesTab meetingId={meetingId} /> : <p>Another page</p>}
      <Toaster />
    </SWRConfig>
  );
  const view = render(tree(true));
  const editor = view.getByPlaceholderText("Write your notes here...") as HTMLTextAreaElement;
  const type = (text: string) => typeInto(editor, text);
  const sentHere = () => sent.filter((note) => note.meetingId === meetingId);
  /** The editor unmounts (a route change), the app stays. */
  const leave = () => view.rerender(tree(false));
  return { view, editor, type, sentHere, leave };
}

test("typing saves once, 1 s after typing stops, with the last text", async () => {
  const { type, sentHere, view } = renderNotes();
  type("Call the");
  type("Call the trustee");
  await Bun.sleep(NOTE_AUTOSAVE_MS / 2);
  expect(sentHere()).toHaveLength(0);
  await waitFor(() => expect(sentHere()).toHaveLength(1));
  expect(sentHere()[0]!.content).toBe("Call the trustee");
  await view.findByText("Notes saved");
});

test("leaving the editor (unmount) sends what was typed at once, as a keepalive request", () => {
  const { type, sentHere, leave } = renderNotes();
  type("Ask about the ISA transfer");
  leave();
  expect(sentHere().map((note) => [note.content, note.keepalive])).toEqual([["Ask about the ISA transfer", true]]);
});

test("pagehide sends what was typed at once", () => {
  const { type, sentHere } = renderNotes();
  type("Send the fee letter");
  window.dispatchEvent(new Event("pagehide"));
  expect(sentHere().map((note) => [note.content, note.keepalive])).toEqual([["Send the fee letter", true]]);
});

test("the page being hidden sends what was typed at once; nothing is sent twice", async () => {
  const { type, sentHere } = renderNotes();
  type("Check the beneficiary form");
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
  expect(sentHere().map((note) => note.content)).toEqual(["Check the beneficiary form"]);
  await Bun.sleep(NOTE_AUTOSAVE_MS + 200);
  expect(sentHere()).toHaveLength(1);
});

test("a failed save keeps the text, says it is not saved, warns before leaving, and is retried", async () => {
  holdAnswers = true;
  const { type, sentHere, view, editor } = renderNotes();
  type("Rebalance towards bonds");
  await waitFor(() => expect(sentHere()).toHaveLength(1));
  expect(view.getByText("Saving...")).toBeTruthy();
  act(() => sentHere()[0]!.answer(503));
  await view.findByText("Not saved yet");
  await view.findByText("Error saving notes");
  expect(editor.value).toBe("Rebalance towards bonds");
  const leaving = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(leaving);
  expect(leaving.defaultPrevented).toBe(true);

  await waitFor(() => expect(sentHere()).toHaveLength(2));
  expect(sentHere()[1]!.content).toBe("Rebalance towards bonds");
  act(() => sentHere()[1]!.answer(200));
  await view.findByText("Notes saved");
  expect(view.queryByText("Not saved yet")).toBeNull();
  const leavingNow = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(leavingNow);
  expect(leavingNow.defaultPrevented).toBe(false);
});

test("the answer to an older save never replaces newer typing", async () => {
  holdAnswers = true;
  const { type, sentHere, editor } = renderNotes();
  type("Draft one");
  await waitFor(() => expect(sentHere()).toHaveLength(1));
  type("Draft one, and two");
  act(() => sentHere()[0]!.answer(200));
  await Bun.sleep(50);
  expect(editor.value).toBe("Draft one, and two");
  // The newer text follows once its delay is over, after the older save: never before it.
  await waitFor(() => expect(sentHere()).toHaveLength(2));
  expect(sentHere()[1]!.content).toBe("Draft one, and two");
  act(() => sentHere()[1]!.answer(200));
});
