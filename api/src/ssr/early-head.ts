// Sends a page's document head before its data is loaded and rendered. The head (doctype, meta, title, icon,
// module preloads, theme script, stylesheet) depends only on the page module, so the bytes React wrote up to
// </head> the last time it rendered that page are sent at once: the browser fetches CSS and scripts while the server
// loads the data and renders, and the time to first byte no longer includes the render (~3.5 ms of CPU a dashboard,
// which 50 concurrent requests queue behind; api/bench/load.ts). React's output then continues after those bytes,
// which are checked against what it wrote this time.

const HEAD_END = "</head>";
const encoder = new TextEncoder();

/** The last head React wrote, per page module. */
export interface HeadCache {
  get(module: string): Uint8Array | undefined;
  set(module: string, head: Uint8Array): void;
}

export function createHeadCache(): HeadCache {
  const heads = new Map<string, Uint8Array>();
  return { get: (module) => heads.get(module), set: (module, head) => void heads.set(module, head) };
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(needle);
}

// React puts the response's CSP nonce on the entry's modulepreload link in the head; a same-origin preload needs no
// nonce ('self' allows it), and without it the head is the same bytes for every response and can be sent early.
const NONCE_ATTRIBUTE = / nonce="[^"]*"/g;
const withoutNonces = (head: Uint8Array) => encoder.encode(new TextDecoder().decode(head).replace(NONCE_ATTRIBUTE, ""));

/**
 * The head without its <title>, and the title element. The title is the page's own (a meeting's title, say): the
 * cached head is shared by every visitor of a page module, so it must never carry one. React escapes "<" in text, so
 * a title holds none.
 */
function splitTitle(head: Uint8Array): { shared: Uint8Array; title: Uint8Array } {
  const text = new TextDecoder().decode(head);
  const start = text.indexOf("<title>");
  const end = start < 0 ? -1 : text.indexOf("</title>", start);
  if (start < 0 || end < 0) return { shared: head, title: new Uint8Array(0) };
  const close = end + "</title>".length;
  return {
    shared: encoder.encode(text.slice(0, start) + text.slice(close)),
    title: encoder.encode(text.slice(start, close)),
  };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.byteLength === b.byteLength && Buffer.from(a).equals(Buffer.from(b));

export interface EarlyHeadOptions {
  /** Page module whose head is sent first. */
  module: string;
  cache: HeadCache;
  /** Loads the data and renders the page (React's HTML stream, from <!DOCTYPE html>). */
  render(): Promise<ReadableStream<Uint8Array>>;
  /** The body sent when rendering fails after the head has gone out. */
  failureHtml: string;
  onError(message: string, error?: unknown): void;
}

/**
 * The HTML stream of a page: the cached head at once when there is one, then the rest of React's output. The first
 * render of a page module is streamed as React writes it and teaches the cache its head.
 */
export function streamWithEarlyHead(options: EarlyHeadOptions): ReadableStream<Uint8Array> {
  const sentHead = options.cache.get(options.module);
  const headEnd = encoder.encode(HEAD_END);
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      if (sentHead) controller.enqueue(sentHead);
      let html: ReadableStream<Uint8Array>;
      try {
        html = await options.render();
      } catch (error) {
        options.onError("render failed", error);
        controller.enqueue(encoder.encode(sentHead ? options.failureHtml : `<!DOCTYPE html>${options.failureHtml}`));
        controller.close();
        return;
      }
      // Bytes of React's output held until its head is complete.
      let pending: Uint8Array | undefined = new Uint8Array(0);
      try {
        for await (const chunk of html) {
          if (!pending) {
            controller.enqueue(chunk);
            continue;
          }
          const joined: Uint8Array = new Uint8Array(pending.byteLength + chunk.byteLength);
          joined.set(pending, 0);
          joined.set(chunk, pending.byteLength);
          const end = indexOfBytes(joined, headEnd);
          if (end < 0) {
            pending = joined;
            continue;
          }
          const head = withoutNonces(joined.slice(0, end + headEnd.byteLength));
          const { shared, title } = splitTitle(head);
          const rest = joined.subarray(end + headEnd.byteLength);
          if (!sentHead) controller.enqueue(head);
          else {
            if (!sameBytes(shared, sentHead)) {
              // The head changed (a new build's assets, say): this response keeps the one already sent, which links
              // the same kind of files; the next one sends the new head.
              options.onError("page head differs from the one sent early", undefined);
            }
            // After </head>, the HTML parser still puts a <title> into the head.
            if (title.byteLength > 0) controller.enqueue(title);
          }
          options.cache.set(options.module, shared);
          pending = undefined;
          if (rest.byteLength > 0) controller.enqueue(rest);
        }
        if (pending) controller.enqueue(pending); // no </head> at all: pass it on as written
      } catch (error) {
        options.onError("render stream failed", error);
      }
      controller.close();
    },
  });
}
