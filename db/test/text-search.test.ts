import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../src/client";
import {
  type NewChunk,
  planTextSearch,
  replaceMeetingChunks,
  searchChunksByText,
  TEXT_SEARCH,
} from "../src/queries/chunks";
import { createTestDatabase } from "../src/testing";

let db: Database;
const savedBudget = TEXT_SEARCH.candidateBudget;
const embedding = Array.from({ length: 1536 }, (_, i) => (i === 0 ? 1 : 0));

interface Owner {
  userId: number;
  clientId: number;
  otherClientId: number;
}
let alice: Owner;
let bob: Owner;
const meetings: Record<string, number> = {};

async function createOwner(name: string): Promise<Owner> {
  const [user] = await db.sql<{ id: number }[]>`
    insert into users (username, password, email) values (${name}, 'x', ${`${name}@example.com`}) returning id`;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, ${`${name} Trust`}, 'Estate Planning') returning id`;
  const [other] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, ${`${name} Holdings`}, 'Tax Planning') returning id`;
  return { userId: user!.id, clientId: client!.id, otherClientId: other!.id };
}

async function addMeeting(owner: Owner, key: string, date: string, contents: string[], clientId = owner.clientId) {
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status, source_kind)
    values (${owner.userId}, ${clientId}, ${key}, ${new Date(date)}, 'Processed', 'transcript') returning id`;
  meetings[key] = meeting!.id;
  const chunks: NewChunk[] = contents.map((content) => ({ source: "transcript", content, metadata: {}, embedding }));
  await replaceMeetingChunks(
    db.sql,
    { userId: owner.userId, meetingId: meeting!.id, clientId, sources: ["transcript"], model: "test" },
    chunks,
  );
  return meeting!.id;
}

const routine = (i: number) =>
  `Dana: In this meeting we went through the key points with the client, item ${i}. Client: Thanks, good points.`;

beforeAll(async () => {
  db = await createTestDatabase();
  alice = await createOwner("alice");
  bob = await createOwner("bob");
  // Alice: 60 routine chunks where "meeting", "points" and "client" are everywhere, one about the Zanzibar villa.
  await addMeeting(
    alice,
    "march",
    "2026-03-10T10:00:00Z",
    Array.from({ length: 30 }, (_, i) => routine(i)),
  );
  await addMeeting(alice, "april", "2026-04-14T10:00:00Z", [
    ...Array.from({ length: 29 }, (_, i) => routine(100 + i)),
    "Client: We should talk about the Zanzibar villa before the meeting ends, it is one of the points.",
  ]);
  await addMeeting(
    alice,
    "may",
    "2026-05-20T10:00:00Z",
    [routine(200), "Client: The donor-advised fund gets the shares.", "Dana: It's the client's \\ \"quoted\" deal."],
    alice.otherClientId,
  );
  // Bob uses the rare word a lot: his chunks must never be candidates for Alice, nor count in her frequencies.
  await addMeeting(
    bob,
    "bob-zanzibar",
    "2026-04-15T10:00:00Z",
    Array.from({ length: 40 }, (_, i) => `Bob: Zanzibar villa meeting points ${i}, CANARY-b0b.`),
  );
  TEXT_SEARCH.candidateBudget = 20;
});
afterAll(async () => {
  TEXT_SEARCH.candidateBudget = savedBudget;
  await db.close();
});

describe("full-text search with document frequencies", () => {
  test("a question mixing very common terms with a rare one finds the rare-term chunk first", async () => {
    const plan = await planTextSearch(db.sql, {
      userId: alice.userId,
      query: "What were the key points about the Zanzibar villa in the client meeting?",
    });
    expect(plan.match).toBe("any");
    expect(plan.select).toContain("zanzibar");
    // Common terms select nothing (each is in more chunks than the budget) but still count in the ranking.
    for (const common of ["meet", "point", "client", "key"]) expect(plan.select).not.toContain(common);
    expect(plan.terms.find((t) => t.term === "zanzibar")?.df).toBe(1); // Bob's 40 chunks are not counted
    expect(plan.scopeChunks).toBe(63);
    const hits = await searchChunksByText(db.sql, {
      userId: alice.userId,
      query: "key points about the Zanzibar villa in the client meeting",
      limit: 5,
    });
    expect(hits[0]?.content).toContain("Zanzibar");
    expect(hits[0]?.meetingId).toBe(meetings.april!);
  });

  test("another user's chunks are never candidates, even with their exact words", async () => {
    const hits = await searchChunksByText(db.sql, {
      userId: alice.userId,
      query: "Zanzibar villa meeting points CANARY-b0b",
      limit: 50,
    });
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) {
      expect(h.content).not.toContain("CANARY-b0b");
      expect([meetings.march, meetings.april, meetings.may]).toContain(h.meetingId);
    }
    const own = await searchChunksByText(db.sql, { userId: bob.userId, query: "CANARY-b0b", limit: 5 });
    expect(own.length).toBe(5);
  });

  test("when every term is common, chunks holding all of them are ranked, at most the budget", async () => {
    const plan = await planTextSearch(db.sql, { userId: alice.userId, query: "key points of the client meeting" });
    expect(plan.match).toBe("all");
    expect(plan.select.sort()).toEqual(["client", "key", "meet", "point"]);
    const hits = await searchChunksByText(db.sql, {
      userId: alice.userId,
      query: "key points of the client meeting",
      limit: 10,
    });
    expect(hits).toHaveLength(10);
    for (const h of hits) expect(h.content.toLowerCase()).toMatch(/key points.*client|client.*key points/s);
  });

  test("rareOnly: a word in more chunks than the budget finds nothing alone; a rarer one is searched as before", async () => {
    const search = (query: string) =>
      searchChunksByText(db.sql, { userId: alice.userId, query, limit: 5, rareOnly: true });
    expect(await search("meeting")).toEqual([]);
    expect(await search("key points of the client meeting")).toEqual([]);
    expect((await search("villa"))[0]?.content).toContain("Zanzibar villa");
    expect((await search("shares"))[0]?.content).toContain("donor-advised fund");
    // Without it, the common word ranks a part of its chunks.
    expect(await searchChunksByText(db.sql, { userId: alice.userId, query: "meeting", limit: 5 })).toHaveLength(5);
  });

  test("each hit carries its own row and its score: every term's idf times ts_rank of the stored tsv, best first", async () => {
    const query = "the client's key points, the thanks and the meeting";
    const plan = await planTextSearch(db.sql, { userId: alice.userId, query });
    expect(plan.terms.length).toBeGreaterThan(3);
    const hits = await searchChunksByText(db.sql, { userId: alice.userId, query, limit: 8 });
    expect(hits).toHaveLength(8);
    const n = Math.max(plan.scopeChunks, ...plan.terms.map((t) => t.df));
    for (const hit of hits) {
      const [row] = await db.sql<{ content: string; meetingId: number; tsv: string }[]>`
        select content, meeting_id as "meetingId", tsv::text as tsv from chunks where id = ${hit.id}`;
      expect(hit.content).toBe(row!.content);
      expect(Number(hit.meetingId)).toBe(Number(row!.meetingId));
      let expected = 0;
      for (const t of plan.terms) {
        const [r] = await db.sql<{ rank: number }[]>`
          select ts_rank(tsv, ${`'${t.term}'`}::tsquery)::float8 as rank from chunks where id = ${hit.id}`;
        expected += Math.log(1 + (n - t.df + 0.5) / (t.df + 0.5)) * Number(r!.rank);
      }
      expect(hit.score).toBeCloseTo(expected, 5);
    }
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1]!, hits[i]!];
      expect(a.score > b.score || (a.score === b.score && a.id < b.id)).toBe(true);
      expect(b.rank).toBe(i + 1);
    }
  });

  test("filters hold, and frequencies are counted within them", async () => {
    const april = await searchChunksByText(db.sql, {
      userId: alice.userId,
      query: "Zanzibar client points",
      limit: 50,
      filters: { meetingIds: [meetings.march!] },
    });
    expect(april.length).toBeGreaterThan(0);
    for (const h of april) expect(h.meetingId).toBe(meetings.march!);

    const byDate = await searchChunksByText(db.sql, {
      userId: alice.userId,
      query: "Zanzibar villa",
      limit: 10,
      filters: { from: new Date("2026-05-01T00:00:00Z") },
    });
    expect(byDate).toEqual([]);
    const inApril = await searchChunksByText(db.sql, {
      userId: alice.userId,
      query: "Zanzibar villa",
      limit: 10,
      filters: { from: new Date("2026-04-01T00:00:00Z"), to: new Date("2026-05-01T00:00:00Z") },
    });
    expect(inApril.map((h) => h.meetingId)).toEqual([meetings.april!]);

    const byClient = await searchChunksByText(db.sql, {
      userId: alice.userId,
      query: "client meeting points",
      limit: 50,
      filters: { clientIds: [alice.otherClientId] },
    });
    expect(byClient.length).toBeGreaterThan(0);
    for (const h of byClient) expect(h.meetingId).toBe(meetings.may!);
    const plan = await planTextSearch(db.sql, {
      userId: alice.userId,
      query: "client meeting points",
      filters: { clientIds: [alice.otherClientId] },
    });
    expect(plan.scopeChunks).toBe(3);
    expect(plan.match).toBe("any"); // within one small meeting nothing is common

    // Bob's client and meeting ids give Alice nothing.
    expect(
      await searchChunksByText(db.sql, {
        userId: alice.userId,
        query: "Zanzibar",
        limit: 10,
        filters: { clientIds: [bob.clientId] },
      }),
    ).toEqual([]);
    expect(
      await searchChunksByText(db.sql, {
        userId: alice.userId,
        query: "Zanzibar",
        limit: 10,
        filters: { meetingIds: [meetings["bob-zanzibar"]!] },
      }),
    ).toEqual([]);
  });

  test("terms match as stored: hyphenated and re-stemmed words are found", async () => {
    const hits = await searchChunksByText(db.sql, {
      userId: alice.userId,
      query: "what about the donor-advised fund?",
      limit: 3,
    });
    expect(hits[0]?.content).toContain("donor-advised fund");
    const advised = await searchChunksByText(db.sql, { userId: alice.userId, query: "advised", limit: 3 });
    expect(advised[0]?.content).toContain("donor-advised");
  });

  test("quotes, backslashes, tsquery operators and stop words are plain text", async () => {
    for (const q of [
      `it's the client's "quoted" deal \\`,
      "a' | b & !c:* <-> (d",
      "''' \\\\ '",
      "!!! ???",
      "the and of",
    ]) {
      const hits = await searchChunksByText(db.sql, { userId: alice.userId, query: q, limit: 5 });
      for (const h of hits) expect([meetings.march, meetings.april, meetings.may]).toContain(h.meetingId);
    }
    expect(await searchChunksByText(db.sql, { userId: alice.userId, query: "the and of", limit: 5 })).toEqual([]);
  });

  test("counts follow the chunks: replaced with them and removed with the meeting", async () => {
    const df = async (term: string) =>
      (await planTextSearch(db.sql, { userId: alice.userId, query: term })).terms.find((t) => t.term === term)?.df ?? 0;
    expect(await df("zanzibar")).toBe(1);
    await replaceMeetingChunks(
      db.sql,
      {
        userId: alice.userId,
        meetingId: meetings.may!,
        clientId: alice.otherClientId,
        sources: ["transcript"],
        model: "test",
      },
      [1, 2, 3].map((i) => ({ source: "transcript", content: `Zanzibar ferry ${i}`, metadata: {}, embedding })),
    );
    expect(await df("zanzibar")).toBe(4);
    expect(await df("ferri")).toBe(3);
    await db.sql`delete from meetings where id = ${meetings.may!}`;
    expect(await df("zanzibar")).toBe(1);
    expect(await df("ferri")).toBe(0);
    const [left] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from chunk_term_counts where meeting_id = ${meetings.may!}`;
    expect(left!.n).toBe(0);
  });

  test("chunks without counts (written before them) are still found", async () => {
    await db.sql`insert into chunks (user_id, meeting_id, client_id, source, content)
      values (${alice.userId}, ${meetings.march!}, ${alice.clientId}, 'note', 'Uncounted note about the Okavango lodge')`;
    const hits = await searchChunksByText(db.sql, { userId: alice.userId, query: "Okavango lodge", limit: 5 });
    expect(hits[0]?.content).toContain("Okavango");
  });
});
