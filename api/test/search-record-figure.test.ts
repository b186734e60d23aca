// An amount asked of a client's meetings is answered from the figures of their records of facts (issue 38): the
// figure that names what was asked leads, in the engine's words and at its moment, the newest meeting's first; the
// store reads only the asking user's records; the answer's confidence reads how the figure matched.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHashingEmbedder } from "@cm/ai/local";
import { answerQuestion, type ConfidenceModel } from "@cm/ai/search";
import { LEADS_WHEN_FOUND, NEVER_SURE } from "@cm/ai/test-support/confidence-models";
import type { Database } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { type SummaryFact, upsertSummary } from "@cm/db/queries/summaries";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createTestDatabase } from "@cm/db/testing";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let db: Database;
let userId: number;
let strangerId: number;
let laterId: number;

const figure = (subject: string, value: string, text: string, start: number): SummaryFact => ({
  kind: "figure",
  subject,
  value,
  text,
  confidence: 0.4,
  source: { segment: 4, start },
});

const clients = new Map<string, number>();
/** `unsaid`: figures of the record its notes do not say (below the record's confidence, or taken out by the advisor). */
async function meeting(
  owner: number,
  clientName: string,
  title: string,
  daysAgo: number,
  facts: SummaryFact[],
  unsaid: SummaryFact[] = [],
) {
  const key = `${owner}:${clientName}`;
  const clientId = clients.get(key) ?? (await insertClient(db.sql, owner, { name: clientName, type: "Estate" })).id;
  clients.set(key, clientId);
  const [row] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind, time_known)
    values (${owner}, ${clientId}, ${title}, now() - make_interval(days => ${daysAgo}), 600, 'Review', 'Processed',
            'transcript', true) returning id`;
  const id = Number(row!.id);
  await upsertSummary(db.sql, id, {
    executiveSummary: `${title}.`,
    keyPoints: facts.map((f) => f.text),
    actionItems: [],
    nextMeeting: null,
    facts: [...facts, ...unsaid],
  });
  return id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await createSignedInUser(db.sql, "figures")).id;
  strangerId = (await createSignedInUser(db.sql, "stranger")).id;
  await meeting(userId, "Ines Varga", "Cottage intake", 20, [
    figure("cottage", "$440,000", "Cottage: $440,000.", 61),
    figure("appraisal", "$430,000", "Appraisal: $430,000.", 75),
  ]);
  laterId = await meeting(
    userId,
    "Ines Varga",
    "Cottage sale",
    3,
    [
      figure("appraisal", "$455,000", "The cottage was appraised at $455,000.", 128),
      figure("mortgage", "4.5%", "Mortgage: 4.5%.", 140),
    ],
    [figure("boat slip", "$900", "Boat slip: $900.", 150)],
  );
  await meeting(strangerId, "Ines Varga", "Someone else's cottage", 1, [
    figure("appraisal", "$999,000", "Appraisal: $999,000.", 10),
  ]);
});
afterAll(async () => {
  await db.close();
});

const deps = (confidence: ConfidenceModel = LEADS_WHEN_FOUND) => ({
  store: createAnswerStore(db.sql),
  embedder: createHashingEmbedder(),
  composer: { async *compose() {} },
  confidence,
});

describe("an amount asked, answered from the records' figures", () => {
  test("the newest meeting's figure naming what was asked leads, at its moment, in the engine's words", async () => {
    const { localAnswerComposer } = await import("@cm/ai/search");
    const answer = await answerQuestion(
      { ...deps(), composer: localAnswerComposer },
      userId,
      "What did Ines Varga's cottage appraise at?",
      [],
    );
    const lead = answer.result.split("\n\n")[0]!;
    expect(lead).toContain("The cottage was appraised at $455,000.");
    expect(lead).toContain(`/meetings/${laterId}?t=128`);
    // The engine's words are never quoted as said.
    expect(lead).not.toContain("“");
    expect(answer.result).not.toContain("999,000");
    expect(answer.confidence).toBe("answer");
  });

  test("a rate asked takes the percentage", async () => {
    const { localAnswerComposer } = await import("@cm/ai/search");
    const answer = await answerQuestion(
      { ...deps(), composer: localAnswerComposer },
      userId,
      "What's the interest rate on Ines Varga's mortgage?",
      [],
    );
    expect(answer.result.split("\n\n")[0]).toContain("Mortgage: 4.5%.");
  });

  test("a figure the record holds and the notes do not say never leads, nor is cited as the notes'", async () => {
    const { localAnswerComposer } = await import("@cm/ai/search");
    const answer = await answerQuestion(
      { ...deps(), composer: localAnswerComposer },
      userId,
      "How much is Ines Varga's boat slip?",
      [],
    );
    expect(answer.result).not.toContain("Boat slip: $900");
  });

  test("the store reads only the asking user's records", async () => {
    const store = createAnswerStore(db.sql);
    const [strangers] = await db.sql<{ id: number }[]>`select id from meetings where user_id = ${strangerId}`;
    expect(await store.recordFigures(userId, [Number(strangers!.id)])).toEqual([]);
    const own = await store.recordFigures(userId, [laterId]);
    expect(own.map((m) => m.figures.map((f) => f.value))).toEqual([["$455,000", "4.5%", "$900"]]);
  });
});

describe("through the API, with the meeting indexed", () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({}, { answerConfidence: NEVER_SURE });
    const user = await createSignedInUser(server.ctx.db.sql, "indexed");
    cookie = user.cookie;
    const client = await insertClient(server.ctx.db.sql, user.id, { name: "Soren Achterberg", type: "Estate" });
    const [row] = await server.ctx.db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind, time_known)
      values (${user.id}, ${client.id}, 'Barn review', now() - interval '2 days', 600, 'Review', 'Processed',
              'transcript', true) returning id`;
    const id = Number(row!.id);
    await upsertTranscript(server.ctx.db.sql, {
      meetingId: id,
      fullText: "",
      segments: [
        { start: 0, end: 6, speaker: "Ada Brill", text: "Let's start with the barn." },
        { start: 6, end: 12, speaker: "Soren Achterberg", text: "The barn appraised at three hundred ten thousand." },
      ],
    });
    const text = "The barn was appraised at $310,000.";
    await upsertSummary(server.ctx.db.sql, id, {
      executiveSummary: text,
      keyPoints: [text],
      actionItems: [],
      nextMeeting: null,
      facts: [{ ...figure("barn", "$310,000", text, 6), source: { segment: 1, start: 6 } }],
    });
    await server.ctx.indexer.indexMeeting(id);
  });
  afterAll(async () => {
    await server.stop();
  });

  test("the notes' sentence that is the figure is said once, as the lead, not again among the notes", async () => {
    const response = await server.fetch(
      "/api/search",
      json({ query: "What did Soren Achterberg's barn appraise at?" }, cookie),
    );
    const { result, confidence } = (await response.json()) as { result: string; confidence: string };
    expect(confidence).toBe("passages");
    expect(result).toContain("The barn was appraised at $310,000");
    expect(result.split("The barn was appraised at $310,000").length - 1).toBe(1);
    // What was said is still quoted, by its speaker.
    expect(result).toContain("> The barn appraised at three hundred ten thousand.");
  });
});
