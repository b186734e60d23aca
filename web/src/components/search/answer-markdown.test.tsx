import "../../../test/setup-dom";
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { sanitizeAnswerMarkdown } from "../../../../ai/src/openai/sanitize-answer-markdown";
// Test-only imports from ai/: the server's sanitiser and the bypass corpus, so the browser rule is checked against
// exactly what the server sends. Runtime web code never imports ai (README, Layout).
import { BYPASS_CORPUS, CORPUS_ALLOWED_IDS } from "../../../../ai/test-support/answer-bypass-corpus";
import { MEETING_REFERRER_KEY } from "../meetings/delete-meeting";
import { isAnswerLink } from "./answer-link";
import { AnswerMarkdown, ChatMessage } from "./chat-message";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const ANSWER_HREF = /^\/meetings\/[1-9][0-9]*(\?t=[0-9]+)?$/;
const FORBIDDEN_ELEMENTS =
  "img, script, iframe, style, object, embed, svg, math, form, input, video, audio, source, link, meta, base";

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAnswer(text: string) {
  return render(
    <MemoryRouter initialEntries={["/search"]}>
      <AnswerMarkdown text={text} />
    </MemoryRouter>,
  );
}

/** Everything in the rendered answer that could leave the page or load something: must be empty. */
function violations(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const a of container.querySelectorAll("a")) {
    const href = a.getAttribute("href") ?? "(none)";
    if (!ANSWER_HREF.test(href)) found.push(`a href=${href}`);
    if (a.hasAttribute("target")) found.push(`a target=${a.getAttribute("target")}`);
  }
  for (const element of container.querySelectorAll(FORBIDDEN_ELEMENTS)) found.push(element.tagName.toLowerCase());
  for (const element of container.querySelectorAll("*")) {
    for (const attribute of element.getAttributeNames()) {
      if (attribute.startsWith("on") || attribute === "src" || attribute === "srcset" || attribute === "style") {
        found.push(`${element.tagName.toLowerCase()} ${attribute}`);
      }
    }
  }
  return found;
}

describe("the browser renders no outside link and no image, for every bypass attempt", () => {
  for (const attempt of BYPASS_CORPUS) {
    test(attempt.name, () => {
      // The model's text as it is (the browser rule alone) ...
      const raw = renderAnswer(attempt.markdown);
      expect(violations(raw.container)).toEqual([]);
      cleanup();
      // ... and as the server sends it, where the cited meetings still link.
      const sanitized = sanitizeAnswerMarkdown(attempt.markdown, CORPUS_ALLOWED_IDS);
      const view = renderAnswer(sanitized);
      expect(violations(view.container)).toEqual([]);
      const hrefs = [...view.container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
      for (const href of attempt.keeps ?? []) expect(hrefs).toContain(href);
    });
  }
});

describe("answer links", () => {
  test("the predicate takes only /meetings/{id} with an optional ?t=seconds", () => {
    for (const ok of ["/meetings/1", "/meetings/12", "/meetings/12?t=0", "/meetings/12?t=95"]) {
      expect(isAnswerLink(ok)).toBe(true);
    }
    for (const bad of [
      undefined,
      "",
      "/meetings/",
      "/meetings/0",
      "/meetings/012",
      "/meetings/12/",
      "/meetings/12?t=",
      "/meetings/12?t=1&x=2",
      "/meetings/12#x",
      "//evil.example/meetings/12",
      "/\\evil.example",
      "https://evil.example/meetings/12",
      "javascript:alert(1)",
      "/meetings/12@evil.example",
      "/meetings/12/../../x",
      "/meetings/１２",
    ]) {
      expect(isAnswerLink(bad)).toBe(false);
    }
  });

  test("a citation is a same-tab router link that leaves /search as the meeting page's way back", () => {
    const view = render(
      <MemoryRouter initialEntries={["/search"]}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <ul>
          <ChatMessage
            message={{
              role: "assistant",
              content: "See [Quarterly review (April 14, 2025)](/meetings/12) and [evil](https://evil.example).",
              timestamp: new Date(2025, 3, 14, 10, 5),
              sources: [{ meetingId: 12, title: "Quarterly review", date: "2025-04-14", client: "Jane", snippet: "" }],
            }}
          />
        </ul>
      </MemoryRouter>,
    );
    const links = view.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/meetings/12", "/meetings/12"]);
    for (const a of links) expect(a.hasAttribute("target")).toBe(false);
    // The outside link is only its text.
    expect(view.getByText(/and evil\./)).toBeTruthy();
    fireEvent.click(links[0]!);
    expect(view.getByTestId("where").textContent).toBe("/meetings/12");
    expect(sessionStorage.getItem(MEETING_REFERRER_KEY)).toBe("/search");
  });

  test("headings, lists, quotes, emphasis and code still render", () => {
    const view = renderAnswer("## Title\n\n- **bold** *em*\n\n> quote\n\n`code`\n\n```\nblock\n```\n\n---");
    expect(view.container.querySelector("h3")?.textContent).toBe("Title");
    expect(view.container.querySelector("ul li strong")?.textContent).toBe("bold");
    expect(view.container.querySelector("ul li em")?.textContent).toBe("em");
    expect(view.container.querySelector("blockquote")?.textContent?.trim()).toBe("quote");
    expect(view.container.querySelector("p code")?.textContent).toBe("code");
    expect(view.container.querySelector("pre code")?.textContent).toBe("block\n");
    expect(view.container.querySelector("hr")).not.toBeNull();
  });
});
