import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { streamInPieces } from "../../../test/support/stream-in-pieces";
import { boundaryOf, MultipartError, type PartInfo, parsePartHeaders, readMultipart } from "./multipart-reader";

const encoder = new TextEncoder();

async function parse(body: Uint8Array | string, boundary: string, cuts: number[] = [], maxParts = 12) {
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const parts: { info: PartInfo; data: Buffer }[] = [];
  await readMultipart(
    streamInPieces(bytes, cuts).getReader(),
    boundary,
    (info) => {
      const pieces: Uint8Array[] = [];
      return {
        data: (chunk) => void pieces.push(Uint8Array.from(chunk)),
        end: () => void parts.push({ info, data: Buffer.concat(pieces) }),
      };
    },
    { maxParts },
  );
  return parts;
}

const B = "----WebKitFormBoundaryAbC123";
function form(file: Uint8Array, extra = "") {
  return Buffer.concat([
    encoder.encode(`--${B}\r\nContent-Disposition: form-data; name="meetingData"\r\n\r\n{"title":"x"}\r\n`),
    encoder.encode(
      `--${B}\r\nContent-Disposition: form-data; name="audioFile"; filename="a b.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    file,
    encoder.encode(`\r\n--${B}--\r\n${extra}`),
  ]);
}

describe("readMultipart", () => {
  test("reads fields and a file as the browser sends them", async () => {
    const parts = await parse(form(encoder.encode("Ann: hello\r\nBob: hi")), B);
    expect(parts.map((p) => p.info)).toEqual([
      { name: "meetingData", filename: undefined, contentType: undefined },
      { name: "audioFile", filename: "a b.txt", contentType: "text/plain" },
    ]);
    expect(parts[0]!.data.toString()).toBe('{"title":"x"}');
    expect(parts[1]!.data.toString()).toBe("Ann: hello\r\nBob: hi");
  });

  test("a file holding near-boundaries, cut into chunks anywhere, comes out byte for byte", async () => {
    // Bytes that look like the start of a delimiter, and CRLFs, inside the file.
    const tricky = encoder.encode(`x\r\n--${B.slice(0, 10)}\r\n-\r\n--${B.slice(0, -1)}Z\r\n\r\n--`);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.array(fc.nat({ max: 600 }), { maxLength: 12 }),
        async (random, cuts) => {
          const file = Buffer.concat([random, tricky, random]);
          const body = form(file, "epilogue ignored");
          const parts = await parse(body, B, cuts);
          expect(parts).toHaveLength(2);
          expect(Buffer.compare(parts[1]!.data, file)).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("one byte at a time works too", async () => {
    const file = encoder.encode(`--${B} is not a delimiter without the CRLF before it`);
    const body = form(file);
    const parts = await parse(
      body,
      B,
      Array.from({ length: body.length }, (_, i) => i),
    );
    expect(parts[1]!.data.toString()).toBe(new TextDecoder().decode(file));
  });

  test("a body that ends before the closing boundary, or has no boundary, is malformed", async () => {
    const whole = form(encoder.encode("Ann: hello"));
    await expect(parse(whole.subarray(0, whole.length - 10), B)).rejects.toThrow("Unexpected end of form");
    await expect(parse("no boundary here at all", B)).rejects.toThrow("the boundary is not in the body");
    await expect(parse(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n`, B)).rejects.toThrow(
      "Unexpected end of form",
    );
    await expect(parse(`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--`, B)).rejects.toThrow(
      "Content-Disposition",
    );
    await expect(parse(`--${B}junk`, B)).rejects.toBeInstanceOf(MultipartError);
  });

  test("parts beyond the limit and oversized headers are refused", async () => {
    const many = `${Array.from({ length: 4 }, (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join("")}--${B}--`;
    await expect(parse(many, B, [], 3)).rejects.toThrow("more than 3 parts");
    expect(await parse(many, B, [], 4)).toHaveLength(4);
    const huge = `--${B}\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${"p".repeat(20_000)}\r\n\r\nv\r\n--${B}--`;
    await expect(parse(huge, B)).rejects.toThrow("too long");
  });

  test("an empty form and a preamble are accepted", async () => {
    expect(await parse(`--${B}--\r\n`, B)).toEqual([]);
    const parts = await parse(`preamble\r\n--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${B}--`, B);
    expect(parts.map((p) => p.data.toString())).toEqual(["v"]);
  });
});

describe("headers", () => {
  test("boundary parameter, quoted or not, 1 to 70 characters", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(boundaryOf('multipart/form-data; boundary="a b:c"; charset=utf-8')).toBe("a b:c");
    expect(boundaryOf("multipart/form-data")).toBeUndefined();
    expect(boundaryOf(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeUndefined();
  });

  test("Content-Disposition names and file names, with quotes and UTF-8", () => {
    expect(parsePartHeaders('Content-Disposition: form-data; name="audioFile"; filename="Ré \\"view\\".mp3"')).toEqual({
      name: "audioFile",
      filename: 'Ré "view".mp3',
      contentType: undefined,
    });
    expect(parsePartHeaders("content-disposition: form-data; name=meetingData").name).toBe("meetingData");
    expect(() => parsePartHeaders('Content-Disposition: attachment; name="x"')).toThrow(MultipartError);
    expect(() => parsePartHeaders('Content-Disposition: form-data; filename="x"')).toThrow("no name");
  });
});
