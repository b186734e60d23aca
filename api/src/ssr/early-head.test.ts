import { expect, test } from "bun:test";
import fc from "fast-check";
import { streamInPieces } from "../../test/support/stream-in-pieces";
import { createHeadCache, streamWithEarlyHead } from "./early-head";

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><title>Clearminute</title><link rel="stylesheet" href="/a.css"/></head>';
const TITLE = "<title>Clearminute</title>";
const SHARED_HEAD = HEAD.replace(TITLE, "");
const BODY = '<body><div id="root">Dashboard — 12 meetings</div><script>window.__FALLBACK__={}</script></body></html>';
const encoder = new TextEncoder();

/** React's HTML stream, cut where the test says. */
const reactLike = (html: string, cuts: number[]) => streamInPieces(encoder.encode(html), cuts);

async function collect(stream: ReadableStream<Uint8Array>) {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of stream) chunks.push(decoder.decode(chunk, { stream: true }));
  return chunks;
}

test("the first render teaches the head; later ones send it before rendering, and the page is the same", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.nat({ max: HEAD.length + BODY.length }), { maxLength: 8 }), async (cuts) => {
      const cache = createHeadCache();
      const errors: string[] = [];
      const options = (render: () => Promise<ReadableStream<Uint8Array>>) => ({
        module: "dashboard-page",
        cache,
        render,
        failureHtml: "<body>failed</body></html>",
        onError: (m: string) => void errors.push(m),
      });
      const first = (await collect(streamWithEarlyHead(options(async () => reactLike(HEAD + BODY, cuts))))).join("");
      expect(first).toBe(HEAD + BODY);
      let rendered = false;
      const second = await collect(
        streamWithEarlyHead(
          options(async () => {
            rendered = true;
            return reactLike(HEAD + BODY, cuts);
          }),
        ),
      );
      expect(second[0]).toBe(SHARED_HEAD); // sent as the first chunk, before anything else, without the title
      expect(second.join("")).toBe(SHARED_HEAD + TITLE + BODY); // the page's own title follows it
      expect(rendered).toBe(true);
      expect(errors).toEqual([]);
    }),
    { numRuns: 200 },
  );
});

test("the head is sent before the data has loaded", async () => {
  const cache = createHeadCache();
  cache.set("dashboard-page", encoder.encode(SHARED_HEAD));
  let release: () => void = () => {};
  const dataLoaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reader = streamWithEarlyHead({
    module: "dashboard-page",
    cache,
    failureHtml: "",
    onError: () => {},
    render: async () => {
      await dataLoaded;
      return reactLike(HEAD + BODY, [10]);
    },
  }).getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toBe(SHARED_HEAD);
  release();
  let rest = "";
  for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
  expect(rest).toBe(TITLE + BODY);
});

test("a render that fails after the head went out ends the page with a readable message", async () => {
  const cache = createHeadCache();
  cache.set("dashboard-page", encoder.encode(HEAD));
  const errors: string[] = [];
  const html = (
    await collect(
      streamWithEarlyHead({
        module: "dashboard-page",
        cache,
        failureHtml: "<body>Something went wrong on our side.</body></html>",
        onError: (m) => void errors.push(m),
        render: async () => {
          throw new Error("database unavailable");
        },
      }),
    )
  ).join("");
  expect(html).toBe(`${HEAD}<body>Something went wrong on our side.</body></html>`);
  expect(errors).toEqual(["render failed"]);
});

test("a head that changed is reported and learnt; the page still follows the head that was sent", async () => {
  const cache = createHeadCache();
  cache.set("dashboard-page", encoder.encode(SHARED_HEAD.replace("/a.css", "/old.css")));
  const errors: string[] = [];
  const html = (
    await collect(
      streamWithEarlyHead({
        module: "dashboard-page",
        cache,
        failureHtml: "",
        onError: (m) => void errors.push(m),
        render: async () => reactLike(HEAD + BODY, [5, 50]),
      }),
    )
  ).join("");
  expect(html).toBe(SHARED_HEAD.replace("/a.css", "/old.css") + TITLE + BODY);
  expect(errors).toEqual(["page head differs from the one sent early"]);
  expect(new TextDecoder().decode(cache.get("dashboard-page"))).toBe(SHARED_HEAD);
});

test("each response carries its own title; the shared head never carries one", async () => {
  const cache = createHeadCache();
  const page = (title: string) => HEAD.replace("Clearminute", title) + BODY;
  const render = (title: string) =>
    collect(
      streamWithEarlyHead({
        module: "meeting-detail-page",
        cache,
        failureHtml: "",
        onError: () => {},
        render: async () => reactLike(page(title), [17]),
      }),
    ).then((chunks) => chunks.join(""));
  expect(await render("Estate plan for Ann")).toBe(page("Estate plan for Ann"));
  expect(new TextDecoder().decode(cache.get("meeting-detail-page"))).toBe(SHARED_HEAD);
  const second = await render("Bob's tax review");
  expect(second).toBe(`${SHARED_HEAD}<title>Bob's tax review</title>${BODY}`);
  expect(second).not.toContain("Estate plan for Ann");
});
