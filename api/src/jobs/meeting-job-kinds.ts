import { t } from "elysia";
import { checkedJobFor, defineJobKind } from "./job-kind";

// The kinds requests enqueue, declared apart from their handlers so that the web process names and checks them
// without loading the processing code.

/** Transcribe (or parse) an uploaded meeting, summarise it, index it, mark it Processed. */
export const PROCESS_MEETING = defineJobKind({
  name: "process-meeting",
  payload: t.Object({ meetingId: t.Integer({ minimum: 1 }) }),
  meetingIdOf: (payload) => payload.meetingId,
});

/** The processing job of a meeting inserted in the same transaction. */
export const processMeetingJobFor = checkedJobFor(PROCESS_MEETING, (meetingId) => ({ meetingId }));
