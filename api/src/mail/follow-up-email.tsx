import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { ReactNode } from "react";
import { colors } from "./email-layout";
import { PRODUCT_NAME } from "./mail-brand";
import type { RenderedEmail } from "./render-email";

/** A follow-up e-mail: the advisor's own words (markdown as edited in the draft dialog), sent to the client. */
export interface FollowUpEmailProps {
  /** Markdown: paragraphs, `#`/`##` headings, `-`/`*` list items and **bold**; anything else is text. */
  body: string;
  /** Who it comes from, named in the footer ("Sent by Dana Advisor with Clearminute"). */
  advisorName: string;
}

type Block =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "paragraph"; lines: string[] };

/**
 * Reads the few markdown forms a follow-up uses into blocks. Line by line, no regular expressions over the text:
 * linear in its length. Text stays text (React escapes it), so nothing in a body becomes markup.
 */
export function readMarkdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let last: Block | undefined;
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
function inline(text: string): ReactNode[] {
  const parts = text.split("**");
  if (parts.length % 2 === 0) return [text];
  return parts.map((part, index) => (index % 2 === 1 ? <strong key={index}>{part}</strong> : part));
}

const textStyle = { fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" };

export function FollowUpEmail({ body, advisorName }: FollowUpEmailProps) {
  const blocks = readMarkdownBlocks(body);
  const first = blocks.find((block) => block.kind === "paragraph");
  return (
    <Html lang="en">
      <Head />
      <Preview>{first?.kind === "paragraph" ? first.lines.join(" ").slice(0, 120) : "Meeting follow-up"}</Preview>
      <Body style={{ backgroundColor: "#ffffff", color: colors.text, fontFamily: "Arial, sans-serif", margin: 0 }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto", padding: "24px" }}>
          <Section>
            {blocks.map((block, index) => {
              if (block.kind === "heading") {
                return (
                  <Heading key={index} as="h2" style={{ fontSize: "17px", margin: "20px 0 8px" }}>
                    {inline(block.text)}
                  </Heading>
                );
              }
              if (block.kind === "list") {
                return (
                  <ul key={index} style={{ margin: "0 0 12px", paddingLeft: "20px" }}>
                    {block.items.map((item, i) => (
                      <li key={i} style={{ fontSize: "15px", lineHeight: "22px", marginBottom: "4px" }}>
                        {inline(item)}
                      </li>
                    ))}
                  </ul>
                );
              }
              return (
                <Text key={index} style={textStyle}>
                  {block.lines.flatMap((line, i) =>
                    i === 0 ? inline(line) : [<br key={`br${i}`} />, ...inline(line)],
                  )}
                </Text>
              );
            })}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: "24px 0 12px" }} />
          <Text style={{ color: colors.muted, fontSize: "12px", lineHeight: "18px", margin: 0 }}>
            Sent by {advisorName} with {PRODUCT_NAME}. Reply to this e-mail to answer {advisorName} directly.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The follow-up as HTML, with the markdown as written for its plain-text part. */
export async function renderFollowUpEmail(subject: string, props: FollowUpEmailProps): Promise<RenderedEmail> {
  const html = await render(<FollowUpEmail {...props} />);
  return { subject, html, text: `${props.body.trim()}\n` };
}
