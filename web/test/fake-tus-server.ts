import type { HttpRequest, HttpResponse, HttpStack } from "tus-js-client";

/**
 * An in-memory tus 1.0 server behind tus-js-client's HttpStack (the contract's /api/uploads rules: deferred length,
 * HEAD for the offset, 409 at a wrong offset, Meeting-Id once the last byte is in). `down` makes every request fail
 * as a lost connection does.
 */
export interface FakeUpload {
  offset: number;
  length: number | null;
  bytes: Uint8Array[];
  metadata: string;
  meetingId: number | null;
}

export class FakeTusServer implements HttpStack {
  uploads = new Map<string, FakeUpload>();
  down = false;
  log: string[] = [];
  meetingsMade = 0;
  /** Fail the next PATCH after this many bytes arrived (the connection drops mid-request). */
  dropAfterBytes: number | null = null;
  /** Answer the next requests with this status and message (a busy server, a spent allowance). */
  refuseNext: { status: number; message: string; times: number } | null = null;

  createRequest(method: string, url: string): HttpRequest {
    return new FakeRequest(this, method, url);
  }

  getName(): string {
    return "fake-tus";
  }

  /** The one upload's bytes, joined. */
  received(id = [...this.uploads.keys()][0] ?? ""): Uint8Array {
    const upload = this.uploads.get(id);
    return upload ? new Uint8Array(Buffer.concat(upload.bytes)) : new Uint8Array();
  }
}

const response = (status: number, headers: Record<string, string> = {}, body = ""): HttpResponse => ({
  getStatus: () => status,
  getHeader: (name: string) => headers[name],
  getBody: () => body,
  getUnderlyingObject: () => null,
});

class FakeRequest implements HttpRequest {
  private headers: Record<string, string> = {};
  constructor(
    private readonly server: FakeTusServer,
    private readonly method: string,
    private readonly url: string,
  ) {}
  getMethod = () => this.method;
  getURL = () => this.url;
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getHeader = (name: string) => this.headers[name];
  setProgressHandler() {}
  abort = async () => {};
  getUnderlyingObject = () => null;

  async send(body?: Blob | null): Promise<HttpResponse> {
    const { server } = this;
    server.log.push(`${this.method} ${this.headers["Upload-Offset"] ?? ""}`.trim());
    if (server.down) throw new Error("network down");
    if (server.refuseNext && server.refuseNext.times > 0) {
      server.refuseNext.times--;
      return response(server.refuseNext.status, {}, JSON.stringify({ message: server.refuseNext.message }));
    }
    if (this.method === "POST") {
      const id = `u${server.uploads.size + 1}`;
      const deferred = this.headers["Upload-Defer-Length"] === "1";
      server.uploads.set(id, {
        offset: 0,
        length: deferred ? null : Number(this.headers["Upload-Length"]),
        bytes: [],
        metadata: this.headers["Upload-Metadata"] ?? "",
        meetingId: null,
      });
      return response(201, { Location: `/api/uploads/${id}` });
    }
    const upload = server.uploads.get(this.url.split("/").pop() ?? "");
    // A HEAD answer has no body.
    if (!upload) return response(404, {}, this.method === "HEAD" ? "" : JSON.stringify({ message: "not found" }));
    const finished: Record<string, string> = upload.meetingId ? { "Meeting-Id": String(upload.meetingId) } : {};
    const lengthHeader: Record<string, string> =
      upload.length === null ? { "Upload-Defer-Length": "1" } : { "Upload-Length": String(upload.length) };
    if (this.method === "HEAD")
      return response(200, { "Upload-Offset": String(upload.offset), ...lengthHeader, ...finished });
    const offset = Number(this.headers["Upload-Offset"]);
    if (offset !== upload.offset)
      return response(409, { "Upload-Offset": String(upload.offset) }, '{"message":"offset"}');
    let bytes = new Uint8Array(body ? await body.arrayBuffer() : new ArrayBuffer(0));
    if (server.dropAfterBytes !== null) {
      bytes = bytes.slice(0, server.dropAfterBytes);
      server.dropAfterBytes = null;
      upload.bytes.push(bytes);
      upload.offset += bytes.byteLength;
      throw new Error("connection dropped mid-request");
    }
    if (this.headers["Upload-Length"] !== undefined) upload.length = Number(this.headers["Upload-Length"]);
    upload.bytes.push(bytes);
    upload.offset += bytes.byteLength;
    if (upload.length !== null && upload.offset === upload.length && !upload.meetingId) {
      upload.meetingId = 100 + ++server.meetingsMade;
    }
    const done: Record<string, string> = upload.meetingId ? { "Meeting-Id": String(upload.meetingId) } : {};
    return response(204, { "Upload-Offset": String(upload.offset), ...done });
  }
}
