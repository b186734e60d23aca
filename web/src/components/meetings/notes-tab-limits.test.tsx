// The note editor when a limit refuses its autosave (issue 37): the server's sentence in place and in the toast, the
// advisor's text kept in the editor and in the tab's draft, and no save of the same text again and again.
import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { type LimitAnswer, noteTooLong, storageFull, tooManyCreations } from "../../../test/limit-answers";
import { AUTH_KEY } from "../../lib/auth-context";
import { toaster } from "../../lib/toast-store";
import { typeInto } from "../../pages/auth-pages-test-utils";
import { Toaster } from "../ui/toaster";
import { abandonNoteSavers, NOTE_AUTOSAVE_MS, NOTE_RETRY_FIRST_MS } from "./note-saver";
import { NotesTab } from "./notes-tab";

interface SentNote {
  meetingId: number;
  content: string;
}

let sent: SentNote[] = [];
/** How the server answers the next saves (one each); past them, 200. */
let answers: LimitAnswer[] = [];
const realFetch = globalThis.fetch;
let nextMeetingId = 500;

beforeEach(() => {
  sent = [];
  answers = [];
  sessionStorage.clear();
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as SentNote;
    sent.push(body);
    const answer = answers.shift();
    if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status });
    return new Response(JSON.stringify({ ...body, updatedAt: new Date().toISOString() }), { status: 200 });
  }) as typeof fetch;
});

afterEach(() => {
  act(() => toaster.remove());
  cleanup();
  // A refused note's saver outlives its editor on purpose (it guards leaving the page): the next file starts anew.
  abandonNoteSavers();
  globalThis.fetch = realFetch;
});

/** The Notes tab of one meeting, for a signed-in advisor, over a fresh cache (as after a reload). */
function notesOf(meetingId: number, saved = "") {
  const tree = (
    <SWRConfig
      value={{
        provider: () => new Map(),
        fallback: {
          [`/api/notes/meeting/${meetingId}`]: { meetingId, content: saved, updatedAt: null },
          [AUTH_KEY]: { authenticated: true, user: { id: 7, username: "dana" } },
        },
        revalidateOnMount: false,
      }}
    >
      <NotesTab meetingId={meetingId} />
      <Toaster />
    </SWRConfig>
  );
  const view = render(tree);
  const editor = view.getByPlaceholderText("Write your notes here...") as HTMLTextAreaElement;
  const sentHere = () => sent.filter((note) => note.meetingId === meetingId);
  return { view, editor, sentHere };
}

/** The sentence shown under the editor (what its aria-describedby names), or null. */
function inPlace(editor: HTMLTextAreaElement): string | null {
  const id = editor.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function refusedOnce(meetingId: number, text: string, answer: LimitAnswer) {
  answers = [answer];
  const notes = notesOf(meetingId, "The note as saved");
  typeInto(notes.editor, text);
  await waitFor(() => expect(notes.sentHere()).toHaveLength(1));
  await notes.view.findByText("Not saved yet");
  return notes;
}

for (const [what, answer] of [
  ["the note's length", noteTooLong(1200, 1000)],
  ["the account's storage", storageFull(1200)],
] as const) {
  test(`an autosave refused for ${what} keeps the text, says the server's sentence where the advisor types, and is not sent again until changed`, async () => {
    const text = "Trustee call. ".repeat(85).trim();
    const { view, editor, sentHere } = await refusedOnce(nextMeetingId++, text, answer);
    const sentence = answer.body.message;
    expect(inPlace(editor)).toBe(sentence);
    expect(editor.getAttribute("aria-invalid")).toBe("true");
    // The spec's title, the server's sentence for what the spec does not name.
    expect(view.getByText("Error saving notes")).toBeTruthy();
    expect(view.getAllByText(sentence)).toHaveLength(2);
    expect(view.queryByText("Failed to save notes")).toBeNull();
    expect(editor.value).toBe(text);
    // Leaving the editor, hiding the page, the first retry's wait: the same text is not sent again.
    editor.blur();
    window.dispatchEvent(new Event("pagehide"));
    await Bun.sleep(NOTE_RETRY_FIRST_MS * 2);
    expect(sentHere()).toHaveLength(1);
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    // Shortened: sent, saved, and the sentence goes with the state it described.
    typeInto(editor, "Trustee call.");
    await view.findByText("Notes saved");
    expect(sentHere().map((note) => note.content)).toEqual([text, "Trustee call."]);
    expect(inPlace(editor)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
}

test("a refused note is still there, with its reason, after the editor is left and opened again (a reload)", async () => {
  const meetingId = nextMeetingId++;
  const text = "x".repeat(1200);
  const first = await refusedOnce(meetingId, text, noteTooLong(1200, 1000));
  first.view.unmount();
  expect(first.sentHere()).toHaveLength(1);

  const again = notesOf(meetingId, "The note as saved");
  expect(again.editor.value).toBe(text);
  expect(inPlace(again.editor)).toBe(noteTooLong(1200, 1000).body.message);
  expect(again.view.getByText("Not saved yet")).toBeTruthy();
  await Bun.sleep(NOTE_AUTOSAVE_MS * 2);
  expect(again.sentHere()).toHaveLength(1);
});

test("a first note refused for the minute's creations is sent again once the minute is over, not in a loop", async () => {
  const meetingId = nextMeetingId++;
  const answer = tooManyCreations(3);
  const { view, sentHere, editor } = await refusedOnce(meetingId, "Call the trustee", answer);
  expect(inPlace(editor)).toBe(answer.body.message);
  await Bun.sleep(1000);
  expect(sentHere()).toHaveLength(1);
  await view.findByText("Notes saved", undefined, { timeout: 15_000 });
  expect(sentHere().map((note) => note.content)).toEqual(["Call the trustee", "Call the trustee"]);
  expect(editor.value).toBe("Call the trustee");
  expect(inPlace(editor)).toBeNull();
}, 20_000);
