import "../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { CHAT_STORAGE_KEY, loadConversation } from "../components/search/chat-storage";
import { Toaster } from "../components/ui/toaster";
import { toaster } from "../lib/toast-store";
import { typeInto } from "./auth-pages-test-utils";
import SearchPage, { EXAMPLE_QUESTIONS } from "./search-page";

interface SentBody {
  query: string;
  conversationHistory?: { role: string; content: string }[];
}

const realFetch = globalThis.fetch;
const realScrollIntoView = Element.prototype.scrollIntoView;
let sent: SentBody[] = [];
let scrolls: { element: Element; options: ScrollIntoViewOptions | boolean | undefined }[] = [];
/** The next answers, each as whole JSON or as server-sent events released by `release`. */
let answerText = "";
let streaming = false;
let release: (() => void) | null = null;

const source = {
  meetingId: 12,
  title: "Quarterly review",
  date: "2025-04-14T10:00:00.000Z",
  client: "Jane Doe",
  snippet: "",
};

beforeEach(() => {
  sent = [];
  scrolls = [];
  streaming = false;
  answerText = "### Answer\n\nYou met Jane on April 14 [Quarterly review (April 14, 2025)](/meetings/12).";
  sessionStorage.clear();
  Element.prototype.scrollIntoView = function (this: Element, options?: ScrollIntoViewOptions | boolean) {
    scrolls.push({ element: this, options });
  };
  globalThis.fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)) as SentBody);
    const done = { result: answerText, sources: [source] };
    if (!streaming) return Response.json(done);
    const encoder = new TextEncoder();
    const event = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(event("sources", [source]));
        controller.enqueue(event("delta", answerText.slice(0, 20)));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        controller.enqueue(event("delta", answerText.slice(20)));
        controller.enqueue(event("done", done));
        controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  }) as typeof fetch;
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  Element.prototype.scrollIntoView = realScrollIntoView;
  sessionStorage.clear();
});

function MeetingStub() {
  return (
    <div>
      <h1>Meeting page</h1>
      <Link to="/search">Back</Link>
    </div>
  );
}

function renderChat() {
  return render(
    <MemoryRouter initialEntries={["/search"]}>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
        <Route path="/meetings/:id" element={<MeetingStub />} />
      </Routes>
    </MemoryRouter>,
  );
}

const bubbles = (view: ReturnType<typeof render>) => view.container.querySelectorAll("ul[aria-live] > li");

async function ask(view: ReturnType<typeof render>, question: string, count: number) {
  typeInto(view.getByPlaceholderText("Ask a question about your meetings or clients..."), question);
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  await waitFor(() => expect(bubbles(view).length).toBe(count));
  await waitFor(() => expect(view.getByRole("button", { name: "New Chat" }).hasAttribute("disabled")).toBe(false));
}

test("the conversation survives following a citation and coming back; the follow-up sends the history", async () => {
  const view = renderChat();
  fireEvent.click(view.getByRole("button", { name: EXAMPLE_QUESTIONS[0]! }));
  await waitFor(() => expect(bubbles(view).length).toBe(2));
  expect(sent[0]).toEqual({ query: EXAMPLE_QUESTIONS[0]! });
  await waitFor(() => expect(loadConversation()?.messages.map((m) => m.role)).toEqual(["user", "assistant"]));
  expect(loadConversation()?.started).toBe(true);

  // Follow the citation in the answer, then come back to /search.
  fireEvent.click(view.getByRole("link", { name: "Quarterly review (April 14, 2025)" }));
  expect(view.getByRole("heading", { name: "Meeting page" })).toBeTruthy();
  expect(sessionStorage.getItem("meetingReferrer")).toBe("/search");
  fireEvent.click(view.getByRole("link", { name: "Back" }));

  await waitFor(() => expect(bubbles(view).length).toBe(2));
  expect(view.queryByText("How can I help?")).toBeNull();
  expect(bubbles(view)[0]?.textContent).toContain(EXAMPLE_QUESTIONS[0]!);
  expect(view.getByRole("heading", { name: "Answer" })).toBeTruthy();
  expect(view.getByText("Sources")).toBeTruthy();
  // Restoring is not an answer arriving: the page does not jump to it.
  expect(scrolls.filter((s) => s.element.tagName === "LI")).toHaveLength(1);

  await ask(view, "And the one before that?", 4);
  expect(sent[1]?.conversationHistory?.map((m) => m.role)).toEqual(["user", "assistant"]);
  expect(sent[1]?.conversationHistory?.[0]?.content).toBe(EXAMPLE_QUESTIONS[0]!);
  await waitFor(() => expect(loadConversation()?.messages).toHaveLength(4));
});

test("New Chat clears the kept conversation", async () => {
  const view = renderChat();
  await ask(view, "When did I last meet Jane?", 2);
  await waitFor(() => expect(sessionStorage.getItem(CHAT_STORAGE_KEY)).not.toBeNull());
  fireEvent.click(view.getByRole("button", { name: "New Chat" }));
  expect(view.getByText("How can I help?")).toBeTruthy();
  expect(sessionStorage.getItem(CHAT_STORAGE_KEY)).toBeNull();
  cleanup();

  // A fresh visit starts a new conversation: the first search sends only the query.
  const again = renderChat();
  expect(again.getByText("How can I help?")).toBeTruthy();
  await ask(again, "Which clients did I meet?", 2);
  expect(sent.at(-1)).toEqual({ query: "Which clients did I meet?" });
});

test("a kept conversation that cannot be read is ignored", () => {
  for (const junk of [
    "{",
    "null",
    '{"messages":"x"}',
    '{"messages":[{"role":"admin","content":"x","timestamp":"y"}]}',
  ]) {
    sessionStorage.setItem(CHAT_STORAGE_KEY, junk);
    const view = renderChat();
    expect(view.getByText("How can I help?")).toBeTruthy();
    cleanup();
  }
});

test("when an answer arrives the page scrolls to its top, once, not to its end", async () => {
  streaming = true;
  answerText = `### Long answer\n\n${"- A point about the meeting with a citation.\n".repeat(40)}`;
  const view = renderChat();
  typeInto(view.getByPlaceholderText("Ask a question about your meetings or clients..."), "What were the key points?");
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  // The question is shown with the pending line: scrolled to the end of the list.
  await waitFor(() => expect(view.getByText("Searching for insights...")).toBeTruthy());
  // The first streamed words: the answer's top is scrolled into view.
  await waitFor(() => expect(bubbles(view).length).toBe(2));
  // (Its short question is taken along: the scroll target is the question's top, just above the answer.)
  const onAnswer = (s: { element: Element }) => s.element === bubbles(view)[0] || s.element === bubbles(view)[1];
  await waitFor(() => expect(scrolls.some(onAnswer)).toBe(true));
  const toAnswer = scrolls.filter(onAnswer);
  expect(toAnswer).toHaveLength(1);
  expect(toAnswer[0]?.options).toMatchObject({ block: "start" });
  const before = scrolls.length;
  await act(async () => release?.());
  await waitFor(() => expect(view.getByRole("button", { name: "New Chat" }).hasAttribute("disabled")).toBe(false));
  // The rest of the answer and the final message do not move the page again.
  expect(scrolls.slice(before).filter((s) => s.element.tagName === "LI")).toHaveLength(0);
  expect(bubbles(view)[1]?.className).toContain("scroll-mt-20");
});

function renderChatWithToasts() {
  return render(
    <>
      <Toaster />
      <MemoryRouter initialEntries={["/search"]}>
        <SearchPage />
      </MemoryRouter>
    </>,
  );
}

const toastState = (view: ReturnType<typeof render>, title: string) =>
  view.queryByText(title)?.closest("[data-part=root]")?.getAttribute("data-state") ?? "gone";

test("an answer with found: false says so itself: no Search Issue toast repeats it", async () => {
  globalThis.fetch = (async () =>
    Response.json({
      result: "I couldn't find anything in your meetings or notes that answers this.",
      sources: [],
      found: false,
    })) as unknown as typeof fetch;
  const view = renderChatWithToasts();
  await ask(view, "xqzv", 2);
  expect(bubbles(view)[1]!.textContent).toContain("couldn't find anything");
  expect(view.queryByText("Search Issue")).toBeNull();
  act(() => toaster.remove());
});

test("the Search Issue toast of an empty answer ends when the next question is asked", async () => {
  let answers = [
    { result: "", sources: [] },
    { result: "You met Jane on April 14.", sources: [source] },
  ];
  globalThis.fetch = (async () => {
    const [next, ...rest] = answers;
    answers = rest;
    return Response.json(next);
  }) as unknown as typeof fetch;
  const view = renderChatWithToasts();
  typeInto(view.getByPlaceholderText("Ask a question about your meetings or clients..."), "xqzv");
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  await waitFor(() => expect(toastState(view, "Search Issue")).toBe("open"));
  // The spec: an answer without a result appends nothing and keeps the question.
  await waitFor(() => expect(view.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(false));
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  await view.findByText("You met Jane on April 14.");
  await waitFor(() => expect(toastState(view, "Search Issue")).not.toBe("open"));
  act(() => toaster.remove());
});
