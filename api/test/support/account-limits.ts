// Steps the account-limit tests share: an account with a client, the writes that add to what it keeps, and its
// counted bytes beside a count from scratch (cm_count_account_bytes, migration 032).
import type { Sql } from "@cm/db";
import { json } from "../auth-helpers";
import type { TestServer } from "../test-server";
import { createSignedInUser } from "./signed-in-user";

export interface LimitsUser {
  id: number;
  cookie: string;
  clientId: number;
}

let users = 0;
export async function signedInWithClient(server: TestServer, prefix = "limits"): Promise<LimitsUser> {
  const user = await createSignedInUser(server.ctx.db.sql, `${prefix}${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Okafor Family", type: "Wealth" }, user.cookie));
  if (created.status !== 201) throw new Error(`client not created: ${created.status} ${await created.text()}`);
  return { ...user, clientId: (await created.json()).id as number };
}

export function schedule(server: TestServer, user: LimitsUser, title = "Annual review") {
  return server.fetch(
    "/api/meetings/schedule",
    json({ clientId: user.clientId, title, date: "2027-03-01T10:00:00Z" }, user.cookie),
  );
}

export function saveNote(server: TestServer, user: LimitsUser, meetingId: number, content: string) {
  return server.fetch("/api/notes", json({ meetingId, content }, user.cookie));
}

/** Text that does not compress and is not all one character: what a person (or a flood) writes. */
export function noteText(characters: number, seed = 1): string {
  const words = ["pension", "transfer", "portfolio", "review", "risk", "income", "trust", "estate", "fees", "tax"];
  const parts: string[] = [];
  let state = seed;
  let length = 0;
  while (length < characters) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const word = `${words[state % words.length]}${state % 997}`;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(" ").slice(0, characters);
}

export interface Usage {
  storage: { used: number; limit: number | null; left: number | null };
  processing: { used: number; limit: number | null; left: number | null };
  dataBytes: number;
  meetings: { used: number; limit: number | null; left: number | null };
  clients: { used: number; limit: number | null; left: number | null };
  creations: { used: number; limit: number | null; left: number | null; freesAt: string | null };
  perItem: { noteCharacters: number | null; actionItemsPerMeeting: number | null; contactsPerClient: number | null };
}

export async function usageOf(server: TestServer, cookie: string): Promise<Usage> {
  const response = await server.fetch("/api/usage", { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET /api/usage: ${response.status}`);
  return (await response.json()) as Usage;
}

/** The account's counter, and its rows counted from scratch: equal when every write was counted. */
export async function countedBytes(sql: Sql, userId: number) {
  const [row] = await sql<{ counter: number; recount: number }[]>`
    select (select data_bytes from account_usage where user_id = ${userId})::float8 as counter,
      cm_count_account_bytes(${userId})::float8 as recount`;
  return row!;
}

/** The refusal body every met limit answers with. */
export interface LimitRefusal {
  message: string;
  code: string;
  quota: string;
  used: number;
  limit: number;
  left: number;
  freesAt: string | null;
}
