import { inlineBold, readMarkdownBlocks } from "@cm/web/email-blocks";
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
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

// The block reader is shared with the draft dialog's preview (web), so the preview shows what the client receives.
export { readMarkdownBlocks } from "@cm/web/email-blocks";

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
                    {inlineBold(block.text)}
                  </Heading>
                );
              }
              if (block.kind === "list") {
                return (
                  <ul key={index} style={{ margin: "0 0 12px", paddingLeft: "20px" }}>
                    {block.items.map((item, i) => (
                      <li key={i} style={{ fontSize: "15px", lineHeight: "22px", marginBottom: "4px" }}>
                        {inlineBold(item)}
                      </li>
                    ))}
                  </ul>
                );
              }
              return (
                <Text key={index} style={textStyle}>
                  {block.lines.flatMap((line, i) =>
                    i === 0 ? inlineBold(line) : [<br key={`br${i}`} />, ...inlineBold(line)],
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
