// The server drops an openai summary item whose evidence is not in the transcript: the whole pipeline (upload of a
// transcript file, the worker, the openai engine against the loopback double) and the meeting's answer.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type OpenAiDouble, startOpenAiDouble } from "@cm/ai/test-support/openai-double";
import { json, registerAndSignIn } from "./auth-helpers";
import { uploadRecording, waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

let double: OpenAiDouble;
let server: TestServer;
let cookie: string;
let clientId: number;

const TRANSCRIPT = [
  "WEBVTT",
  "",
  "00:00:01.000 --> 00:00:06.000",
  "<v Robin Hale>Thanks for coming in this morning.",
  "",
  "00:00:06.000 --> 00:00:14.000",
  "<v Sasha Lind>The roof repair will cost about nine thousand dollars.",
  "",
  "00:00:14.000 --> 00:00:22.000",
  "<v Robin Hale>I'll send you the revised cash-flow sheet tomorrow.",
  "",
].join("\n");

beforeAll(async () => {
  double = startOpenAiDouble({ apiKey: "sk-test" });
  server = await startTestServer({
    ...WITH_WORKER,
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: double.baseURL,
    AI_RETRY_BASE_DELAY_MS: "5",
  });
  ({ cookie } = await registerAndSignIn(server));
  const created = await server.fetch(
    "/api/clients",
    json({ name: "Lind Household", type: "Wealth Management" }, cookie),
  );
  clientId = (await created.json()).id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

test("items whose evidence the transcript holds keep their moment; the others never reach the meeting", async () => {
  double.failNext({
    path: "/v1/chat/completions",
    output: {
      executiveSummary: "Robin and Sasha went over the roof repair.",
      keyPoints: [
        { text: "Roof repair costs about $9,000", evidence: [1] },
        { text: "Sasha bought a sailboat", evidence: [1] },
        { text: "Roof repair quoted twice", evidence: [40] },
      ],
      decisions: [],
      actionItems: [
        { task: "Send the revised cash-flow sheet", assignee: "Robin Hale", dueDate: null, evidence: [2] },
        { task: "Cancel the gym membership", assignee: "Sasha Lind", dueDate: null, evidence: [0] },
      ],
      nextMeeting: { date: "2026-06-01", time: null, topics: ["Budget"], evidence: [0] },
    },
  });
  const upload = await uploadRecording(
    server,
    cookie,
    { title: "Budget check-in", clientId },
    { bytes: new TextEncoder().encode(TRANSCRIPT) as Uint8Array<ArrayBuffer>, filename: "call.vtt", type: "text/vtt" },
  );
  expect(upload.status).toBe(201);
  const meeting = await waitForMeetingStatus(server, cookie, (await upload.json()).id, ["Processed", "Failed"], 60_000);
  expect(meeting.status).toBe("Processed");
  expect(meeting.summary.keyPoints).toEqual([
    { text: "Roof repair costs about $9,000", source: { segment: 1, start: 6 } },
  ]);
  expect(
    meeting.summary.actionItems.map((item: { task: string; source: unknown }) => [item.task, item.source]),
  ).toEqual([["Send the revised cash-flow sheet", { segment: 2, start: 14 }]]);
  // "Thanks for coming in" arranges no meeting: the claimed next meeting is not in the transcript.
  expect(meeting.summary.nextMeeting).toBeNull();
  expect(meeting.summary.decisions).toEqual([]);
});
