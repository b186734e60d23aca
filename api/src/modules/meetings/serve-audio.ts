import { findMeeting } from "@cm/db/queries/meetings";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";

const MIME: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  m4a: "audio/mp4",
  mp4: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  flac: "audio/flac",
  webm: "audio/webm",
  caf: "audio/x-caf",
  mov: "video/quicktime",
  "3gp": "audio/3gpp",
  aiff: "audio/aiff",
  amr: "audio/amr",
};

/** Parses one "bytes=a-b" range; undefined when absent, null when unsatisfiable. */
function parseRange(header: string | null, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

/** The stored recording with HTTP Range support, so the player can seek (from the data folder or the bucket). */
export async function serveStoredAudio(ctx: AppContext, userId: number, meetingId: number, request: Request) {
  const meeting = await findMeeting(ctx.db.sql, userId, meetingId);
  if (!meeting?.audioPath || meeting.sourceKind !== "audio") throw notFound("Recording");
  const key = meeting.audioPath;
  // A bucket that cannot be reached throws StorageUnavailableError here: a 503, before any byte is sent.
  const size = await ctx.storage.size(key);
  if (size === undefined) throw notFound("Recording");
  const ext = meeting.audioPath.slice(meeting.audioPath.lastIndexOf(".") + 1);
  const headers: Record<string, string> = {
    "content-type": MIME[ext] ?? "application/octet-stream",
    "accept-ranges": "bytes",
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  };
  const range = parseRange(request.headers.get("range"), size);
  if (range === null) {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  }
  if (range === undefined)
    return new Response(ctx.storage.read(key), { headers: { ...headers, "content-length": String(size) } });
  if (range.end - range.start > 512 * 1024 * 1024) throw new HttpError(416, "Range too large");
  return new Response(ctx.storage.read(key, { start: range.start, end: range.end + 1 }), {
    status: 206,
    headers: {
      ...headers,
      "content-range": `bytes ${range.start}-${range.end}/${size}`,
      "content-length": String(range.end - range.start + 1),
    },
  });
}
