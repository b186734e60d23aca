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
  if (response.status !== 204) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
  const meetingId = response.headers.get("meeting-id");
  return { offset: Number(response.headers.get("upload-offset")), meetingId: meetingId ? Number(meetingId) : null };
}

/**
 * Sends `file` from `from` up to `to` in PATCHes of `patchBytes`; the PATCH reaching the end of the file declares its
 * length. Returns the meeting id when the end was sent.
 */
export async function sendRange(
  target: TusTarget,
  uploadUrl: string,
  file: Uint8Array<ArrayBuffer>,
  from: number,
  to: number,
  patchBytes: number,
): Promise<number | null> {
  let offset = from;
  let meetingId: number | null = null;
  while (offset < to) {
    const end = Math.min(to, offset + patchBytes);
    const answer = await patchUpload(
      target,
      uploadUrl,
      offset,
      file.subarray(offset, end),
      end === file.length ? file.length : undefined,
    );
    if (answer.offset !== end) throw new Error(`server at offset ${answer.offset}, expected ${end}`);
    offset = end;
    meetingId = answer.meetingId;
  }
  return meetingId;
}
