import { format } from "date-fns";
import Markdown from "react-markdown";
import { Link } from "react-router";
import type { ChatSource } from "./search-client";

export interface ChatMessageData {
  role: "user" | "assistant";
  content: string;
  timestamp: Date;
  sources?: ChatSource[];
}

/** Markdown without raw HTML or images: transcript text can never inject markup or fetch remote content. */
function AnswerMarkdown({ text }: { text: string }) {
  return (
    <Markdown
      disallowedElements={["img"]}
      unwrapDisallowed
      components={{
        a: ({ href, children }) =>
          href?.startsWith("/") && !href.startsWith("//") ? (
            <Link to={href} className="font-medium text-indigo-700 underline dark:text-indigo-300">
              {children}
            </Link>
          ) : (
            <a href={href} rel="noopener noreferrer nofollow" target="_blank" className="underline">
              {children}
            </a>
          ),
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
        p: ({ children }) => <p className="my-1.5">{children}</p>,
      }}
    >
      {text}
    </Markdown>
  );
}

export function ChatMessage({ message }: { message: ChatMessageData }) {
  const mine = message.role === "user";
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-3 ${mine ? "bg-indigo-600 text-white" : "card text-slate-800 dark:text-slate-200"}`}
      >
        {mine ? <p className="whitespace-pre-wrap">{message.content}</p> : <AnswerMarkdown text={message.content} />}
        {!mine && message.sources?.length ? (
          <div className="mt-3 border-t border-slate-200 pt-2 text-sm dark:border-slate-700">
            <p className="mb-1 font-medium text-slate-500">Sources</p>
            <ul className="space-y-1">
              {message.sources.map((s) => (
                <li key={s.meetingId}>
                  <Link
                    to={`/meetings/${s.meetingId}`}
                    className="text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {s.title}
                  </Link>
                  <span className="text-slate-500">
                    {" "}
                    · {s.client} · {format(new Date(s.date), "MMM d, yyyy")}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className={`mt-1 text-right text-xs ${mine ? "text-indigo-100" : "text-slate-400"}`}>
          {format(message.timestamp, "HH:mm")}
        </p>
      </div>
    </li>
  );
}
