// Proves that hostile text on a server-rendered page stayed text: parses the HTML (happy-dom, scripts
// off) and refuses any injected element, event-handler attribute or inline script, and an inline
// window.__FALLBACK__ JSON that does not escape "<".
import { THEME_INIT_SCRIPT } from "@cm/web/server";
import { Window } from "happy-dom";

/** Hostile strings that would run if a page put them into its HTML unescaped. */
export const MARKUP_PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "</script><script>alert(1)</script>",
];

const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
  },
});

const BOOTSTRAP = /^window\.__FALLBACK__=(.*);window\.__ASSETS__=(.*)$/s;
/** React's streaming runtime ($RC, $RS, $RV, ... that reveal Suspense boundaries). */
const REACT_RUNTIME = /^(\$R|requestAnimationFrame\(function\(\)\{\$RT=)/;

/**
 * Throws when the HTML carries live markup from a payload. Returns the page's fallback data
 * (re-serialised JSON) so callers can prove the stored text did reach the page.
 */
export function inspectHtml(html: string, where: string): string {
  for (const payload of MARKUP_PAYLOADS) {
    if (html.includes(payload)) throw new Error(`${where}: the raw payload ${payload} is in the HTML`);
  }
  const document = new window.DOMParser().parseFromString(html, "text/html");
  for (const element of document.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) throw new Error(`${where}: a ${attribute.name} attribute was rendered`);
    }
  }
  for (const image of document.querySelectorAll("img")) {
    if (image.getAttribute("src") === "x") throw new Error(`${where}: an injected <img> was rendered`);
  }
  let fallback: string | undefined;
  for (const script of document.querySelectorAll("script")) {
    if (script.getAttribute("src")) continue;
    const text = script.textContent ?? "";
    if (text === THEME_INIT_SCRIPT) continue;
    if (REACT_RUNTIME.test(text) && !text.includes("alert(")) continue;
    const bootstrap = BOOTSTRAP.exec(text);
    if (!bootstrap) throw new Error(`${where}: an unexpected inline script was rendered: ${text.slice(0, 200)}`);
    if (bootstrap[1]!.includes("<")) throw new Error(`${where}: window.__FALLBACK__ does not escape "<"`);
    fallback = JSON.stringify(JSON.parse(bootstrap[1]!));
    JSON.parse(bootstrap[2]!);
  }
  if (fallback === undefined) throw new Error(`${where}: no window.__FALLBACK__ script`);
  return fallback;
}

/** The JSON-escaped form of a value, as it appears inside the re-serialised fallback. */
export const inFallback = (fallback: string, value: string) => fallback.includes(JSON.stringify(value).slice(1, -1));
