// The follow-up written by a chat model (issue 38), against the loopback OpenAI double: the model writes from the
// meeting's record (masked, without unassigned items), and the same checks the local draft passes run on what it
// wrote before the advisor sees it: a failing line gives way to the local line, a failing thanks to the local draft,
// a failing service to the local draft.
import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { type OpenAiDouble, startOpenAiDouble } from "@cm/ai/test-support/openai-double";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { upsertSummary } from "@cm/db/queries/summaries";
import { insertUser } from "@cm/db/queries/users";
import { createSession } from "../src/modules/auth/session-service";
import { seedClient } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let double: OpenAiDouble;
let server: TestServer;
let cookie: string;
let meetingId: number;

const CLIENT_SAID = "I'll tell the roofer to keep it under 15,000, then.";

beforeAll(async () => {
  double = startOpenAiDouble({ apiKey: "sk-test" });
  server = await startTestServer({
    AI_RETRY_BASE_DELAY_MS: "5",
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: double.baseURL,
  });
  const sql = server.ctx.db.sql;
  const user = await insertUser(sql, {
    username: "writer",
    passwordHash: "x",
    email: "w@example.com",
    fullName: "Priya Castellano",
  });
  const client = await seedClient(sql, user.id, "Chidi and Grace Okafor");
  const [row] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status, source_kind)
    values (${user.id}, ${client.id}, 'Roof and taxes', '2026-05-04T12:00:00Z', 'Processed', 'transcript') returning id`;
  meetingId = Number(row!.id);
  await upsertTranscript(sql, {
    meetingId,
    fullText: `Priya Castellano: What did the roofer quote?\nChidi Okafor: About eighteen. ${CLIENT_SAID}`,
    segments: [
      { start: 0, end: 3, speaker: "Priya Castellano", text: "What did the roofer quote?" },
      { start: 3, end: 9, speaker: "Chidi Okafor", text: `About eighteen. ${CLIENT_SAID}` },
      { start: 9, end: 12, speaker: "Grace Okafor", text: "Fine by me." },
      { start: 12, end: 15, speaker: "Tomás Reyes", text: "I'll work out the estimated payments." },
    ],
  });
  await upsertSummary(sql, meetingId, {
    executiveSummary: "Roof and taxes.",
    keyPoints: [],
    decisions: ["Keep the roof budget under $15,000"],
    actionItems: [
      { task: "Send the transfer form for account 4471-0038-2291", assignee: "Priya Castellano" },
      { task: "Update her 403(b) beneficiary", assignee: "Grace" },
      { task: "Order the appraisal", assignee: "" },
      { task: "Send Grace the estimated payment amounts", assignee: "Tomás Reyes", dueDate: "2026-05-15" },
      { task: "File the amended return", assignee: "Harold" },
    ],
    nextMeeting: { date: "2026-06-02", topics: ["Estimated payments"] },
  });
  cookie = `cm_session=${await createSession(sql, user.id)}`;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});
beforeEach(() => {
  double.requests.length = 0;
});

const chatCalls = () => double.requests.filter((request) => request.path === "/v1/chat/completions");
const draft = async () => {
  const response = await server.fetch(`/api/meetings/${meetingId}/follow-up`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as { subject: string; body: string };
};

const goodProse = {
  thanks: "Thank you for meeting with me on May 4 about the roof and your taxes.",
  decided: ["We agreed to keep the roof budget under $15,000."],
  iWillDo: ["I will send you the transfer form for account •••• 2291."],
  youAgreedToDo: ["Grace will update her 403(b) beneficiary."],
  othersWillDo: ["Tomás Reyes will send Grace the estimated payment amounts by May 15."],
  nextMeeting: "We will meet again on June 2, 2026 to go over the estimated payments.",
};

test("the model writes from the masked record, without the unassigned item, and its prose is the draft", async () => {
  double.failNext({ path: "/v1/chat/completions", output: goodProse });
  const { body } = await draft();
  const sent = JSON.stringify(chatCalls()[0]?.body);
  expect(sent).toContain("•••• 2291");
  expect(sent).not.toContain("4471-0038-2291");
  expect(sent).not.toContain("appraisal");
  // Someone who was not in the meeting is talked about, not committed: their task stays on the meeting page.
  expect(sent).not.toContain("amended return");
  expect(body).toContain(`Hello Chidi and Grace,\n\n${goodProse.thanks}\n`);
  expect(body).toContain("## What you agreed to do\n\n- Grace will update her 403(b) beneficiary.\n");
  expect(body).toContain(
    "## What others will do\n\n- Tomás Reyes will send Grace the estimated payment amounts by May 15.\n",
  );
  expect(body).toContain("## Next meeting\n\nWe will meet again on June 2, 2026 to go over the estimated payments.");
});

test("a model line that fails a check gives way to the local line; a full account number is masked", async () => {
  double.failNext({
    path: "/v1/chat/completions",
    output: {
      ...goodProse,
      decided: [CLIENT_SAID],
      iWillDo: ["I will send the transfer form for account 4471-0038-2291."],
      youAgreedToDo: ["Grace, could you update your 403(b) beneficiary?"],
      othersWillDo: ["I'll work out the estimated payments."],
      nextMeeting: "Shall we meet on June 2?",
    },
  });
  const { body } = await draft();
  expect(body).not.toContain("roofer");
  expect(body).not.toContain("?");
  expect(body).toContain("## What we decided\n\n- Keep the roof budget under $15,000\n");
  expect(body).toContain("- I will send the transfer form for account •••• 2291.\n");
  expect(body).toContain("## What you agreed to do\n\n- Grace will update her 403(b) beneficiary\n");
  // The colleague's own words are not sent as theirs: the local line names them.
  expect(body).not.toContain("I'll work out");
  expect(body).toContain(
    "## What others will do\n\n- Tomás Reyes will send Grace the estimated payment amounts (by May 15, 2026)\n",
  );
  expect(body).toContain("## Next meeting\n\nWe plan to meet again on June 2, 2026 to cover the estimated payments.\n");
});

test("a thanks that fails a check, or extra lines the record does not have, are not taken from the model", async () => {
  double.failNext({
    path: "/v1/chat/completions",
    output: { ...goodProse, thanks: "Thanks! Did the roofer call back?", iWillDo: ["One", "Two"] },
  });
  const local = (await draft()).body;
  expect(local).toContain("Thank you for meeting with me on May 4, 2026 about Roof and taxes.");
  expect(local).toContain("## What I will do\n\n- Send the transfer form for account •••• 2291\n");
  double.failNext({ path: "/v1/chat/completions", output: { ...goodProse, iWillDo: ["One", "Two"] } });
  const mixed = (await draft()).body;
  expect(mixed).toContain(goodProse.thanks);
  expect(mixed).toContain("## What I will do\n\n- Send the transfer form for account •••• 2291\n");
});

test("when the chat service fails, the advisor still gets the local draft", async () => {
  double.failNext({ path: "/v1/chat/completions", status: 500 }, { path: "/v1/chat/completions", status: 500 });
  const { body } = await draft();
  expect(chatCalls()).toHaveLength(2);
  expect(body).toContain("Thank you for meeting with me on May 4, 2026 about Roof and taxes.");
  expect(body).toContain("- Grace will update her 403(b) beneficiary\n");
});
