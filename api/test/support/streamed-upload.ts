// An upload body of any size made piece by piece and sent without a Content-Length, so nothing can refuse it up
// front: the upload route's own limits are what cut it off.
const encoder = new TextEncoder();

export interface StreamedUpload {
  boundary: string;
  meetingData: unknown;
  filename: string;
  contentType: string;
  /** The file's size in bytes, its head included. */
  fileBytes: number;
  /** The file's first bytes (a WAV header, say); the rest repeats `piece`. */
  head?: Uint8Array;
  piece: Uint8Array;
}

export function streamedUploadBody(upload: StreamedUpload): ReadableStream<Uint8Array> {
  const { boundary, fileBytes, piece } = upload;
  const parts = [
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="meetingData"\r\n\r\n${JSON.stringify(upload.meetingData)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="${upload.filename}"\r\n` +
        `Content-Type: ${upload.contentType}\r\n\r\n`,
    ),
    ...(upload.head ? [upload.head] : []),
  ];
  let sent = upload.head?.length ?? 0;
  let tail = false;
  return new ReadableStream({
    pull(controller) {
      const next = parts.shift();
      if (next) return controller.enqueue(next);
      if (sent < fileBytes) {
        const chunk = piece.subarray(0, Math.min(piece.length, fileBytes - sent));
        sent += chunk.length;
        return controller.enqueue(chunk);
      }
      if (!tail) {
        tail = true;
        return controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
      }
      controller.close();
    },
  });
}
