import type { ReactNode } from "react";

// The few markdown forms a follow-up e-mail uses, read the same way by the e-mail (api/src/mail/follow-up-email.tsx)
// and by the draft dialog's preview, so the preview shows what the client receives.

export type EmailBlock =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "paragraph"; lines: string[] };

/**
 * Reads the few markdown forms a follow-up uses into blocks. Line by line, no regular expressions over the text:
 * linear in its length. Text stays text (React escapes it), so nothing in a body becomes markup.
 */
export function readMarkdownBlocks(markdown: string): EmailBlock[] {
  const blocks: EmailBlock[] = [];
  let last: EmailBlock | undefined;
  for (const raw of markdown.split("\n")) {
    const line = raw.trimEnd();
    const trimmed = line.trimStart();
    if (!trimmed) {
      last = undefined;
      continue;
    }
    const hashes = trimmed.startsWith("#") ? trimmed.length - trimmed.replace(/^#+/, "").length : 0;
    if (hashes > 0 && hashes <= 6 && trimmed[hashes] === " ") {
      blocks.push({ kind: "heading", text: trimmed.slice(hashes + 1).trim() });
      last = undefined;
    } else if (trimmed.startsWith("- ") || trimmed.startsWith("* ")) {
      const item = trimmed.slice(2).trim();
      if (last?.kind === "list") {
        last.items.push(item);
      } else {
        last = { kind: "list", items: [item] };
        blocks.push(last);
      }
    } else if (last?.kind === "paragraph") {
      last.lines.push(trimmed);
    } else {
      last = { kind: "paragraph", lines: [trimmed] };
      blocks.push(last);
    }
  }
  return blocks;
}

/** **bold** spans: the parts between pairs of `**` are bold; an unpaired `**` stays as written. */
export function inlineBold(text: string): ReactNode[] {
  const parts = text.split("**");
  if (parts.length % 2 === 0) return [text];
  return parts.map((part, index) => (index % 2 === 1 ? <strong key={index}>{part}</strong> : part));
}
