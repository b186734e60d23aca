import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { ChatMessage, type ChatMessageData } from "../components/search/chat-message";
import {
  clearConversation,
  loadConversation,
  saveConversation,
  saveScrollPosition,
} from "../components/search/chat-storage";
import { PastConversations } from "../components/search/past-conversations";
import { askInConversation, CONVERSATIONS_KEY, fetchSavedConversation } from "../components/search/saved-conversations";
import { searchErrorMessage, streamSearch } from "../components/search/search-client";
import { TextField } from "../components/ui/text-field";
import { dismissToast, toast } from "../lib/toast";

export const EXAMPLE_QUESTIONS = [
  "When was my last meeting with the Hendricks Family Trust?",
  "What were the key points from all meetings in April?",
  "What action items came out of the meeting about investment review?",
  "Which clients did I meet with in the last month?",
];

/** "Search Issue" and "Search Error" are about the last question: they end when the next one is asked. */
const SEARCH_OUTCOME_KEY = "search-outcome";

function scrollBehavior(): ScrollBehavior {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
    ? "auto"
    : "smooth";
}

export default function SearchPage() {
  const [messages, setMessages] = useState<ChatMessageData[]>([]);
  // After the first successful answer, later searches send the conversation as history (spec, Chat).
  const [started, setStarted] = useState(false);
  const [input, setInput] = useState("");
  const [pending, setPending] = useState(false);
  const [draft, setDraft] = useState<ChatMessageData | null>(null);
  // The question being answered, shown at once (it joins `messages` with its answer).
  const [asking, setAsking] = useState<ChatMessageData | null>(null);
  // False until the kept conversation has been read: nothing is written back before that.
  const [restored, setRestored] = useState(false);
  // The saved conversation on screen (server side); none until the first answer of a new chat.
  const [conversationId, setConversationId] = useState<number | undefined>(undefined);
  const { mutate } = useSWRConfig();
  const list = useRef<HTMLUListElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const restoreScrollTo = useRef<number | null>(null);
  // The answer being waited for has had its top scrolled into view (once, so a reader is not pulled back).
  const answerShown = useRef(true);
  const searchAbort = useRef<AbortController | null>(null);
  const inputId = useId();

  // The conversation kept when the user left /search (following a citation, say). Read after the first render,
  // never during it: the server renders the empty chat and hydration must see the same.
  useLayoutEffect(() => {
    const saved = loadConversation();
    if (saved) {
      setMessages(saved.messages);
      setStarted(saved.started);
      setConversationId(saved.conversationId);
      restoreScrollTo.current = saved.scrollY ?? null;
    }
    setRestored(true);
  }, []);

  // Back where the user was reading, once the restored messages are laid out.
  useLayoutEffect(() => {
    if (!restored || restoreScrollTo.current === null) return;
    window.scrollTo({ top: restoreScrollTo.current, behavior: "instant" });
    restoreScrollTo.current = null;
  }, [restored]);

  useEffect(() => {
    if (restored) saveConversation({ started, messages, conversationId });
  }, [restored, started, messages, conversationId]);

  // Remember the scroll position when leaving (a layout cleanup runs before the next page can move it).
  useLayoutEffect(() => {
    let y = window.scrollY;
    const onScroll = () => {
      y = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      saveScrollPosition(y);
      searchAbort.current?.abort();
    };
  }, []);

  // A question was asked: show it and the "Searching for insights..." line above the sticky question bar.
  useEffect(() => {
    if (asking) bottom.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: "end" });
  }, [asking]);

  // The awaited answer arrived (its first streamed words, or the whole answer at once): scroll so that its top is
  // visible, so a long answer is read from its start, on a phone too; with the question above it when that is
  // short. Once per answer: later streamed text and the final message do not pull the reader back.
  const answerState = draft ? "streaming" : `answered ${messages.length}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer's arrival (answerState) is the trigger
  useEffect(() => {
    if (answerShown.current || (!draft && asking)) return;
    answerShown.current = true;
    const answer = list.current?.lastElementChild;
    const question = answer?.previousElementSibling;
    const withQuestion = question && question.getBoundingClientRect().height < window.innerHeight / 4;
    (withQuestion ? question : answer)?.scrollIntoView?.({ behavior: scrollBehavior(), block: "start" });
  }, [answerState]);

  async function search(text: string) {
    const query = text.trim();
    if (!query || pending) return;
    dismissToast(SEARCH_OUTCOME_KEY);
    setPending(true);
    const asked: ChatMessageData = { role: "user", content: query, timestamp: new Date() };
    answerShown.current = false;
    setAsking(asked);
    // The first search sends only the query; after the first answer, searches send the whole conversation.
    const history = started ? messages.map((m) => ({ role: m.role, content: m.content })) : undefined;
    const abort = new AbortController();
    searchAbort.current = abort;
    try {
      const answer = await askInConversation(conversationId, (id) =>
        streamSearch(
          { query, ...(history ? { conversationHistory: history } : {}), ...(id ? { conversationId: id } : {}) },
          (partial, sources) => setDraft({ role: "assistant", content: partial, timestamp: new Date(), sources }),
          abort.signal,
        ),
      );
      setDraft(null);
      if (answer.conversationId) setConversationId(answer.conversationId);
      void mutate(CONVERSATIONS_KEY);
      if (!answer.result?.trim()) {
        toast({
          key: SEARCH_OUTCOME_KEY,
          title: "Search Issue",
          description: "Search completed but no results were found. Please try a different query.",
          variant: "destructive",
          onlyOnThisPage: true,
        });
        return;
      }
      setMessages((list) => [
        ...list,
        asked,
        { role: "assistant", content: answer.result, timestamp: new Date(), sources: answer.sources },
      ]);
      setStarted(true);
      setInput("");
      // Nothing in the meetings answers it (`found: false`): the answer on the page says so, so no toast repeats it.
    } catch (error) {
      // Left the page mid-answer: nothing to tell.
      if (abort.signal.aborted) return;
      setDraft(null);
      toast({
        key: SEARCH_OUTCOME_KEY,
        title: "Search Error",
        description: searchErrorMessage((error as Error).message),
        variant: "destructive",
      });
    } finally {
      setAsking(null);
      setPending(false);
    }
  }

  function newChat() {
    dismissToast(SEARCH_OUTCOME_KEY);
    clearConversation();
    setMessages([]);
    setStarted(false);
    setInput("");
    setDraft(null);
    setConversationId(undefined);
  }

  /** Reopens a saved conversation: its messages, and later questions continue it. */
  async function reopen(id: number) {
    if (pending) return;
    try {
      const saved = await fetchSavedConversation(id);
      setMessages(saved.messages);
      setStarted(saved.messages.length > 0);
      setConversationId(saved.id);
      setInput("");
      setDraft(null);
      window.scrollTo({ top: 0, behavior: "instant" });
    } catch {
      toast({ title: "Error", description: "The conversation could not be opened.", variant: "destructive" });
      void mutate(CONVERSATIONS_KEY);
    }
  }

  function forget(id: number) {
    if (id === conversationId) newChat();
  }

  const empty = messages.length === 0 && !pending;
  return (
    <div className="mx-auto flex min-h-[calc(100vh-8rem)] max-w-3xl flex-col">
      <div className="mb-4 flex items-center justify-between">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Meeting Intelligence</h1>
        <div className="flex flex-wrap justify-end gap-2">
          <PastConversations currentId={conversationId} onOpen={reopen} onDeleted={forget} disabled={pending} />
          {messages.length ? (
            <button
              type="button"
              className="btn-secondary shrink-0 whitespace-nowrap"
              onClick={newChat}
              disabled={pending}
            >
              New Chat
            </button>
          ) : null}
        </div>
      </div>
      <div className="flex-1">
        {empty ? (
          <div className="py-10 text-center">
            <h2 className="text-xl font-semibold">How can I help?</h2>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              Ask me anything about your meeting transcripts and notes
            </p>
            <div className="mt-6 grid gap-3 sm:grid-cols-2">
              {EXAMPLE_QUESTIONS.map((q) => (
                <button
                  key={q}
                  type="button"
                  className="card p-4 text-left text-sm text-slate-700 hover:border-indigo-300 hover:bg-indigo-50 dark:text-slate-300 dark:hover:bg-slate-800"
                  onClick={() => {
                    setInput(q);
                    void search(q);
                  }}
                >
                  {q}
                </button>
              ))}
            </div>
          </div>
        ) : (
          <ul ref={list} className="space-y-4 pb-4" aria-live="polite">
            {messages.map((m, i) => (
              <ChatMessage key={i} message={m} />
            ))}
            {asking ? <ChatMessage message={asking} /> : null}
            {draft ? <ChatMessage message={draft} /> : null}
            {pending && !draft ? (
              <li className="flex justify-start">
                <div className="card px-4 py-3" role="status">
                  <p className="font-medium">Searching for insights...</p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">Analyzing your meeting data</p>
                </div>
              </li>
            ) : null}
          </ul>
        )}
        {/* Scrolled to with room for the sticky question bar below, which would cover the newest message. */}
        <div ref={bottom} className="scroll-mb-20" />
      </div>
      <form
        className="sticky bottom-0 mt-4 flex gap-2 bg-slate-50 py-3 dark:bg-slate-950"
        onSubmit={(e) => {
          e.preventDefault();
          void search(input);
        }}
      >
        <TextField
          id={inputId}
          label="Question"
          labelHidden
          className="min-w-0 flex-1"
          placeholder="Ask a question about your meetings or clients..."
          value={input}
          onChange={setInput}
          maxLength={2000}
        />
        <button type="submit" className="btn-primary" disabled={pending || !input.trim()} aria-label="Send">
          Send
        </button>
      </form>
    </div>
  );
}
