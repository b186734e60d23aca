// Which route a file takes. Sending through tus (length, metadata, progress, a drop mid-PATCH, refusals) is tested
// against the real server in api/test/web-send-meeting-file.test.ts.
import { expect, test } from "bun:test";
import { TUS_THRESHOLD_BYTES, uploadRouteOf } from "./send-meeting-file";

test("files over 8 MB go through the resumable upload; smaller ones keep the spec's multipart POST", () => {
  expect(uploadRouteOf({ size: 2 * 1024 * 1024 })).toBe("multipart");
  expect(uploadRouteOf({ size: TUS_THRESHOLD_BYTES })).toBe("multipart");
  expect(uploadRouteOf({ size: TUS_THRESHOLD_BYTES + 1 })).toBe("tus");
  expect(uploadRouteOf({ size: 500 * 1024 * 1024 })).toBe("tus");
});
