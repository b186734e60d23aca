// Steps the resumable-upload tests share: tus 1.0.0 requests by hand (POST, HEAD, PATCH, DELETE).
import type { TestServer } from "../test-server";

export const TUS = { "tus-resumable": "1.0.0" };

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** Upload-Metadata with filename, filetype and meetingData (an object is sent as its JSON text). */
export function uploadMetadata(meetingData: unknown, filename = "meeting.wav", filetype = "audio/wav"): string {
  const text = typeof meetingData === "string" ? meetingData : JSON.stringify(meetingData);
  return `filename ${b64(filename)},filetype ${b64(filetype)},meetingData ${b64(text)}`;
}

/** POST /api/uploads: `length` bytes, or a deferred length when undefined. */
export function createUpload(
  server: TestServer,
  cookie: string,
  meetingData: unknown,
  length: number | undefined,
  filetype = "audio/wav",
) {
  const size: Record<string, string> =
    length === undefined ? { "upload-defer-length": "1" } : { "upload-length": String(length) };
  return server.fetch("/api/uploads", {
    method: "POST",
    headers: { ...TUS, ...size, cookie, "upload-metadata": uploadMetadata(meetingData, "meeting.wav", filetype) },
  });
}

export function patchUpload(
  server: TestServer,
  cookie: string,
  location: string,
  offset: number,
  bytes: Uint8Array<ArrayBuffer>,
  extra: Record<string, string> = {},
) {
  return server.fetch(location, {
    method: "PATCH",
    headers: {
      ...TUS,
      cookie,
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
      ...extra,
    },
    body: bytes,
  });
}

export function headUpload(server: TestServer, cookie: string, location: string) {
  return server.fetch(location, { method: "HEAD", headers: { ...TUS, cookie } });
}

/** A recording's meetingData with the consent confirmation the browser sends. */
export function recordingData(clientId: number, extra: Record<string, unknown> = {}) {
  return {
    title: "Portfolio review, recorded",
    clientId,
    date: "2026-05-04T10:00:00Z",
    type: "Meeting",
    timeKnown: true,
    source: "recording",
    consent: { method: "spoken", confirmedAt: "2026-05-04T09:59:00Z" },
    ...extra,
  };
}
