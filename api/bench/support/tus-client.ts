// A minimal tus 1.0 client for benchmarks, with fetch: creation (deferred length, as a browser recording is sent),
// PATCH from an offset, the last PATCH declaring the length. The browser's tus-js-client does the same requests.

export interface TusTarget {
  /** Server base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  cookie: string;
}

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** POST /api/uploads with a deferred length; returns the upload's URL. */
export async function createDeferredUpload(
  target: TusTarget,
  metadata: { filename: string; filetype: string; meetingData: unknown },
): Promise<string> {
  const response = await fetch(`${target.url}/api/uploads`, {
    method: "POST",
    headers: {
      cookie: target.cookie,
      "tus-resumable": "1.0.0",
      "upload-defer-length": "1",
      "upload-metadata": [
        `filename ${b64(metadata.filename)}`,
        `filetype ${b64(metadata.filetype)}`,
        `meetingData ${b64(JSON.stringify(metadata.meetingData))}`,
      ].join(","),
    },
  });
  if (response.status !== 201) throw new Error(`creation answered ${response.status}: ${await response.text()}`);
  const location = response.headers.get("location");
  if (!location) throw new Error("creation answered without a Location");
  return new URL(location, target.url).href;
}

export class TusAnswerError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`answered ${status}: ${body}`);
  }
}

/** Answers a browser asks again later: the server is busy (503) or still checking the same upload (409). */
const askAgain = (error: unknown) => error instanceof TusAnswerError && (error.status === 503 || error.status === 409);

/** HEAD: the server's offset. */
export async function uploadOffset(target: TusTarget, uploadUrl: string): Promise<number> {
  const response = await fetch(uploadUrl, {
    method: "HEAD",
    headers: { cookie: target.cookie, "tus-resumable": "1.0.0" },
  });
  if (response.status !== 200) throw new TusAnswerError(response.status, "HEAD");
  return Number(response.headers.get("upload-offset"));
}

export interface PatchAnswer {
  offset: number;
  meetingId: number | null;
}

/** One PATCH at `offset`; `length` is sent (Upload-Length) when known, i.e. with the last bytes. */
export async function patchUpload(
  target: TusTarget,
  uploadUrl: string,
  offset: number,
  bytes: Uint8Array<ArrayBuffer>,
  length?: number,
): Promise<PatchAnswer> {
  const response = await fetch(uploadUrl, {
    method: "PATCH",
    headers: {
      cookie: target.cookie,
      "tus-resumable": "1.0.0",
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
      ...(length === undefined ? {} : { "upload-length": String(length) }),
    },
    body: bytes,
  });
  if (response.status !== 204) throw new TusAnswerError(response.status, await response.text());
  const meetingId = response.headers.get("meeting-id");
  return { offset: Number(response.headers.get("upload-offset")), meetingId: meetingId ? Number(meetingId) : null };
}

/**
 * Sends `file` from `from` up to `to` in PATCHes of `patchBytes`; the PATCH reaching the end of the file declares its
 * length. A busy server (503) or an upload still being checked (409) is asked again after `retryMs` from HEAD's
 * offset, as tus-js-client does (`retries` counts them). Returns the meeting id when the end was sent.
 */
export async function sendRange(
  target: TusTarget,
  uploadUrl: string,
  file: Uint8Array<ArrayBuffer>,
  from: number,
  to: number,
  patchBytes: number,
  retries = { count: 0 },
  retryMs = 2000,
): Promise<number | null> {
  let offset = from;
  for (;;) {
    const end = Math.min(to, offset + patchBytes);
    const last = end === file.length;
    try {
      const answer = await patchUpload(
        target,
        uploadUrl,
        offset,
        file.subarray(offset, end),
        last ? file.length : undefined,
      );
      if (answer.offset !== end) throw new Error(`server at offset ${answer.offset}, expected ${end}`);
      offset = end;
      if (offset >= to) return answer.meetingId;
    } catch (error) {
      if (!askAgain(error) || retries.count >= 100) throw error;
      retries.count++;
      await Bun.sleep(retryMs);
      offset = await uploadOffset(target, uploadUrl);
    }
  }
}
