import { expect, test } from "bun:test";
import type { MeetingDetailRow } from "@cm/db/queries/meetings";
import { presentMeetingDetail } from "./meeting-presenter";

function detailRow(overrides: Partial<MeetingDetailRow>): MeetingDetailRow {
  return {
    id: 7,
    title: "Annual portfolio review",
    clientId: 3,
    clientName: "Okafor Family Trust",
    clientType: "Wealth Management",
    date: new Date("2026-03-02T12:00:00Z"),
    timeKnown: false,
    duration: 0,
    type: "Uploaded",
    status: "Processed",
    failureReason: null,
    createdAt: new Date("2026-03-02T12:00:00Z"),
    executiveSummary: null,
    firstActionItems: null,
    actionItemCount: 0,
    nextMeeting: null,
    transcriptPreview: null,
    audioPath: "recordings/7.mp3",
    sourceKind: "audio",
    keyPoints: [],
    decisions: [],
    actionItems: [],
    fullText: null,
    segments: null,
    transcriptEngine: null,
    summaryEngine: null,
    reviewedAt: null,
    reviewedBy: null,
    editedParts: [],
    redraftedParts: [],
    source: null,
    consentMethod: null,
    consentNote: null,
    consentConfirmedAt: null,
    consentConfirmedBy: null,
    ...overrides,
  };
}

test("a stored recording has audio to play", () => {
  expect(presentMeetingDetail(detailRow({})).hasAudio).toBe(true);
});

// The page showed a player whose /audio request answered 404 for every uploaded .vtt/.srt/.txt.
test("an uploaded transcript file is no recording", () => {
  const meeting = presentMeetingDetail(detailRow({ audioPath: "recordings/7.vtt", sourceKind: "transcript" }));
  expect(meeting.hasAudio).toBe(false);
});

test("a meeting without a stored file has no audio", () => {
  expect(presentMeetingDetail(detailRow({ audioPath: null })).hasAudio).toBe(false);
});

test("a transcript made offline is a draft, offered for transcribing again once a speech service is set", () => {
  const draft = detailRow({ fullText: "Good morning.", segments: [], transcriptEngine: "pocketsphinx" });
  expect(presentMeetingDetail(draft).transcript).toMatchObject({ engine: "pocketsphinx", draft: true });
  expect(presentMeetingDetail(draft).canTranscribeAgain).toBe(false);
  expect(presentMeetingDetail(draft, { speechService: true }).canTranscribeAgain).toBe(true);
  expect(presentMeetingDetail({ ...draft, status: "Processing" }, { speechService: true }).canTranscribeAgain).toBe(
    false,
  );
  const accurate = detailRow({ fullText: "Good morning.", segments: [], transcriptEngine: "openai:whisper-1" });
  expect(presentMeetingDetail(accurate, { speechService: true }).transcript?.draft).toBe(false);
  expect(presentMeetingDetail(accurate, { speechService: true }).canTranscribeAgain).toBe(false);
});
