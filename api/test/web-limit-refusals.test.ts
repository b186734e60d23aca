// The web app's own request code against the real server with low account limits (issue 37): the note editor's
// autosave (web/src/components/meetings/note-saver.ts) and the client dialogs' apiRequest get the server's refusals
// and read the server's sentence from them (refusal-reason.ts readLimitRefusal); a note refused for its length is
// sent once, not again and again. (What each form shows: web's limit-refusal-forms and notes-tab-limits tests.)
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createClientErrorMessage } from "../../web/src/components/clients/create-client-dialog";
import { editClientErrorMessage } from "../../web/src/components/clients/edit-client-dialog";
import { createNoteSaver, postNote } from "../../web/src/components/meetings/note-saver";
import { readLimitRefusal } from "../../web/src/components/meetings/refusal-reason";
import { apiRequest } from "../../web/src/lib/api-request";
import { json } from "./auth-helpers";
import { signedInWithClient, until } from "./support/web-uploads";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
const realFetch = globalThis.fetch;
/** Every request the web code sent, as "METHOD path". */
let sent: string[] = [];

/** The browser's fetch for a page of the server's origin: relative paths, the session cookie, Origin on writes. */
function browserFetch(cookie: string): typeof fetch {
  return ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    sent.push(`${init.method ?? "GET"} ${path}`);
    const headers = new Headers(init.headers);
    headers.set("Cookie", cookie);
    headers.set("Origin", server.url);
    const { keepalive: _keepalive, ...rest } = init;
    return realFetch(new URL(path, server.url), { ...rest, headers });
  }) as typeof fetch;
}

describe("the web app's writes refused by account limits, against the server", () => {
  beforeAll(async () => {
    server = await startTestServer({ NOTE_MAX_CHARACTERS: "1000", CLIENTS_PER_ACCOUNT: "1", CONTACTS_PER_CLIENT: "2" });
  }, 60_000);
  // The server's own helpers (server.fetch) use the global fetch too: each test's browser ends with it.
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("a note over NOTE_MAX_CHARACTERS: the server's sentence, sent once, kept unsaved", async () => {
    const user = await signedInWithClient(server, "weblimit");
    const planned = await server.fetch(
      "/api/meetings/schedule",
      json({ clientId: user.clientId, title: "Annual review", date: "2026-12-03T10:00:00.000Z" }, user.cookie),
    );
    const meetingId = (await planned.json()).id as number;
    globalThis.fetch = browserFetch(user.cookie);
    sent = [];

    const refused = await postNote(meetingId, "x".repeat(1001), false).catch((error: unknown) => error);
    const refusal = readLimitRefusal(refused);
    expect(refusal?.quota).toBe("noteCharacters");
    expect(refusal?.message).toStartWith("Note too long: a note may have 1,000 characters and this one has 1,001.");
    expect(refusal?.freesAt).toBeNull();

    const failures: unknown[] = [];
    const saver = createNoteSaver(meetingId, {
      onSaved: () => {},
      onFailed: (e) => failures.push(e),
      onState: () => {},
    });
    sent = [];
    saver.edit("y".repeat(1500));
    await until(() => failures.length === 1, 10_000, "the refusal");
    saver.flush();
    saver.flush(true);
    await Bun.sleep(3000);
    expect(sent).toEqual(["POST /api/notes"]);
    expect(saver.hasUnsaved()).toBe(true);
    expect(saver.mustWarnBeforeLeaving()).toBe(true);
    saver.dispose();
  }, 30_000);

  test("a client past CLIENTS_PER_ACCOUNT and addresses past CONTACTS_PER_CLIENT: the dialogs say the server's sentence", async () => {
    const user = await signedInWithClient(server, "weblimit");
    globalThis.fetch = browserFetch(user.cookie);
    const second = await apiRequest("POST", "/api/clients", { name: "Okafor Estate", type: "Trust" }).catch(
      (error: Error) => error,
    );
    expect(createClientErrorMessage((second as Error).message)).toStartWith(
      "Client limit reached: your account may have 1 client",
    );
    const emails = ["a@lindqvist.example", "b@lindqvist.example", "c@lindqvist.example"];
    const patched = await apiRequest("PATCH", `/api/clients/${user.clientId}`, {
      name: "Lindqvist Trust",
      type: "Trust",
      emails,
    }).catch((error: Error) => error);
    expect(editClientErrorMessage((patched as Error).message)).toStartWith(
      "Contact limit reached: a client may have 2",
    );
  });
});
