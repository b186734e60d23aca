import { inlineBold, readMarkdownBlocks } from "../../lib/email-blocks";

/**
 * The follow-up as the client will see it: the same blocks the e-mail is built from (headings, lists, paragraphs,
 * bold), on the e-mail's white page, with its footer. Text stays text: React escapes everything.
 */
export function FollowUpPreview({
  subject,
  body,
  advisorName,
}: {
  subject: string;
  body: string;
  advisorName: string;
}) {
  const blocks = readMarkdownBlocks(body);
  return (
    <section
      aria-label="E-mail preview"
      className="rounded-lg border border-slate-200 bg-white p-4 text-slate-900 dark:border-slate-700"
      data-testid="follow-up-preview"
    >
      <p className="border-b border-slate-200 pb-2 text-sm font-semibold">{subject || "(no subject)"}</p>
      <div className="mt-3 space-y-3 text-[15px] leading-[22px]">
        {blocks.map((block, index) => {
          if (block.kind === "heading") {
            return (
              <h3 key={index} className="mt-4 text-[17px] font-bold">
                {inlineBold(block.text)}
              </h3>
            );
          }
          if (block.kind === "list") {
            return (
              <ul key={index} className="list-disc space-y-1 pl-5">
                {block.items.map((item, i) => (
                  <li key={i}>{inlineBold(item)}</li>
                ))}
              </ul>
            );
          }
          return (
            <p key={index}>
              {block.lines.flatMap((line, i) =>
                i === 0 ? inlineBold(line) : [<br key={`br${i}`} />, ...inlineBold(line)],
              )}
            </p>
          );
        })}
      </div>
      {advisorName ? (
        <p className="mt-4 border-t border-slate-200 pt-2 text-xs text-slate-600">
          Sent by {advisorName} with Clearminute. Reply to this e-mail to answer {advisorName} directly.
        </p>
      ) : null}
    </section>
  );
}
