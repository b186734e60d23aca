import { expect, test } from "bun:test";
import { FakeTusServer } from "../../../test/fake-tus-server";
import { sendWithTus, TUS_THRESHOLD_BYTES, uploadRouteOf } from "./send-meeting-file";

test("files over 8 MB go through the resumable upload; smaller ones keep the spec's multipart POST", () => {
  expect(uploadRouteOf({ size: 2 * 1024 * 1024 })).toBe("multipart");
  expect(uploadRouteOf({ size: TUS_THRESHOLD_BYTES })).toBe("multipart");
  expect(uploadRouteOf({ size: TUS_THRESHOLD_BYTES + 1 })).toBe("tus");
  expect(uploadRouteOf({ size: 500 * 1024 * 1024 })).toBe("tus");
});

test("a file sent through tus declares its length and metadata, reports progress and ends with the meeting's id", async () => {
  const server = new FakeTusServer();
  const file = new File([new Uint8Array([1, 2, 3, 4])], "call.m4a", { type: "audio/mp4" });
  const progress: number[] = [];
  const answer = await sendWithTus(
    file,
    { title: "Call", consent: { method: "written" } },
    (f) => progress.push(f),
    server,
  );
  expect(answer).toEqual({ meetingId: 101 });
  const upload = server.uploads.get("u1");
  expect(upload?.length).toBe(4);
  const metadata = Object.fromEntries(
    (upload?.metadata ?? "").split(",").map((pair) => {
      const [key, value] = pair.split(" ");
      return [key, atob(value ?? "")];
    }),
  );
  expect(metadata.filename).toBe("call.m4a");
  expect(metadata.filetype).toBe("audio/mp4");
  expect(JSON.parse(metadata.meetingData ?? "{}")).toEqual({ title: "Call", consent: { method: "written" } });
  expect(progress.at(-1)).toBe(1);
});

test("a dropped connection resumes from the server's offset instead of starting over", async () => {
  const server = new FakeTusServer();
  server.dropAfterBytes = 2;
  const file = new File([new Uint8Array([1, 2, 3, 4, 5])], "call.mp3", { type: "audio/mpeg" });
  const answer = await sendWithTus(file, {}, () => {}, server);
  expect(answer.meetingId).toBe(101);
  expect([...server.received()]).toEqual([1, 2, 3, 4, 5]);
  expect(server.log).toEqual(["POST", "PATCH 0", "HEAD", "PATCH 2"]);
});

test("a refusal reads like the multipart upload's errors, for the spec's toasts", async () => {
  const server = new FakeTusServer();
  server.createRequest = (method, url) => {
    const request = FakeTusServer.prototype.createRequest.call(server, method, url);
    request.send = async () => ({
      getStatus: () => 413,
      getHeader: () => undefined,
      getBody: () => '{"message":"too large"}',
      getUnderlyingObject: () => null,
    });
    return request;
  };
  const file = new File([new Uint8Array([1])], "big.wav", { type: "audio/wav" });
  await expect(sendWithTus(file, {}, () => {}, server)).rejects.toThrow('413: {"message":"too large"}');
});
