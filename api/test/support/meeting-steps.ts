// Steps the meeting tests share: upload a recording, and wait for a meeting to reach a status.
import type { TestServer } from "../test-server";

/** Polls GET /api/meetings/{id} until its status is one of `statuses`; the meeting as it then reads. */
export async function waitForMeetingStatus(
  server: TestServer,
  cookie: string,
  id: number,
  statuses: string[],
  timeoutMs = 25_000,
) {
  const started = Date.now();
  for (;;) {
    const meeting = await (await server.fetch(`/api/meetings/${id}`, { headers: { cookie } })).json();
    if (statuses.includes(meeting.status)) return meeting;
    if (Date.now() - started > timeoutMs) throw new Error(`meeting ${id} stuck in ${meeting.status}`);
    await Bun.sleep(100);
  }
}

/** Uploads `recording` as a meeting of the client, dated 4 May 2026; the raw answer. */
export function uploadRecording(
  server: TestServer,
  cookie: string,
  meeting: { title: string; clientId: number },
  recording: { bytes: Uint8Array<ArrayBuffer>; filename: string; type: string },
) {
  const form = new FormData();
  form.set("meetingData", JSON.stringify({ ...meeting, date: "2026-05-04T12:00:00Z", type: "Uploaded" }));
  form.set("audioFile", new Blob([recording.bytes], { type: recording.type }), recording.filename);
  return server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
}
