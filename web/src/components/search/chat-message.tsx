import type { Source } from "@cm/api/models";
import { format } from "date-fns";
import type { ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import { MEETING_REFERRER_KEY } from "../meetings/delete-meeting";
import { answerUrlTransform, isAnswerLink } from "./answer-link";

export interface ChatMessageData {
  role: "user" | "assistant";
  content: string;
  timestamp: Date;
  sources?: Source[];
}

/** The meeting page's back button returns to the chat (the conversation itself is kept by the page). */
function rememberChatReferrer() {
  try {
    sessionStorage.setItem(MEETING_REFERRER_KEY, "/search");
  } catch {
    // storage unavailable: the back button falls back to the dashboard
  }
}

/**
 * The elements an answer may render. Anything else (images, tables a plugin could add) is unwrapped to its
 * text, and raw HTML is skipped. The server sanitises answers on the same syntax tree (remark-parse, CommonMark,
 * no GFM: keep this component free of remark plugins so both sides parse alike); this is the second line.
 */
const ANSWER_ELEMENTS = [
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "em",
  "strong",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "pre",
  "hr",
  "br",
  "a",
];

/** A link in an answer: only `/meetings/{id}` is a link (same tab, client-side); anything else is its text. */
function AnswerLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (!isAnswerLink(href)) return <>{children}</>;
  return (
    <Link
      to={href}
      onClick={rememberChatReferrer}
      className="font-medium text-indigo-700 underline dark:text-indigo-300"
    >
      {children}
    </Link>
  );
}

const components: Components = {
  a: ({ href, children }) => <AnswerLink href={href}>{children}</AnswerLink>,
  h1: ({ children }) => <h3 className="mt-2 text-lg font-semibold">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-2 text-lg font-semibold">{children}</h3>,
  h3: ({ children }) => <h3 className="mt-2 text-base font-semibold">{children}</h3>,
  h4: ({ children }) => <h4 className="mt-3 font-semibold">{children}</h4>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="my-2 border-l-4 border-indigo-200 pl-3 text-slate-600 dark:border-indigo-800 dark:text-slate-400">
      {children}
    </blockquote>
  ),
  pre: ({ children }) => (
    <pre className="my-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800">{children}</pre>
  ),
  p: ({ children }) => <p className="my-1.5">{children}</p>,
};

/** Markdown without raw HTML, images or outside links: model and transcript text can never inject markup. */
export function AnswerMarkdown({ text }: { text: string }) {
  return (
    <Markdown
      allowedElements={ANSWER_ELEMENTS}
      unwrapDisallowed
      skipHtml
      urlTransform={answerUrlTransform}
      components={components}
    >
      {text}
    </Markdown>
  );
}

export function ChatMessage({ message }: { message: ChatMessageData }) {
  const mine = message.role === "user";
  return (
    // The scroll margin keeps an answer's top clear of the sticky mobile header when it is scrolled to.
    <li className={`flex scroll-mt-20 md:scroll-mt-6 ${mine ? "justify-end" : "justify-start"}`}>
      <div
        className={`max-w-[85%] min-w-0 rounded-2xl px-4 py-3 [overflow-wrap:anywhere] ${mine ? "bg-indigo-600 text-white" : "card text-slate-800 dark:text-slate-200"}`}
      >
        {mine ? <p className="whitespace-pre-wrap">{message.content}</p> : <AnswerMarkdown text={message.content} />}
        {!mine && message.sources?.length ? (
          <div className="mt-3 border-t border-slate-200 pt-2 text-sm dark:border-slate-700">
            <p className="mb-1 font-medium text-slate-500 dark:text-slate-400">Sources</p>
            <ul className="space-y-1">
              {message.sources.map((s) => (
                <li key={s.meetingId}>
                  <Link
                    to={`/meetings/${s.meetingId}`}
                    onClick={rememberChatReferrer}
                    className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
                  >
                    {s.title}
                  </Link>
                  <span className="text-slate-500 dark:text-slate-400">
                    {" "}
                    · {s.client} · {format(new Date(s.date), "MMM d, yyyy")}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className={`mt-1 text-right text-xs ${mine ? "text-indigo-100" : "text-slate-500 dark:text-slate-400"}`}>
          {format(message.timestamp, "HH:mm")}
        </p>
      </div>
    </li>
  );
}
