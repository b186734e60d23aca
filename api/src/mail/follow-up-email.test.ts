import { describe, expect, test } from "bun:test";
import { readMarkdownBlocks, renderFollowUpEmail } from "./follow-up-email";

describe("follow-up e-mail", () => {
  test("reads headings, lists and paragraphs of the draft's markdown", () => {
    expect(readMarkdownBlocks("Hello Ann,\n\n## Action items\n\n- One\n* Two\nthree\n\n#not a heading")).toEqual([
      { kind: "paragraph", lines: ["Hello Ann,"] },
      { kind: "heading", text: "Action items" },
      { kind: "list", items: ["One", "Two"] },
      { kind: "paragraph", lines: ["three"] },
      { kind: "paragraph", lines: ["#not a heading"] },
    ]);
  });

  test("renders bold, escapes markup, and keeps the markdown as the plain-text part", async () => {
    const body = "Hello,\n\n- **Send** the list <img src=x onerror=alert(1)>\n\nBest,\nDana";
    const email = await renderFollowUpEmail("Follow-up", { body, advisorName: "Dana <Advisor>" });
    expect(email.html).toContain("<strong>Send</strong>");
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("Dana &lt;Advisor&gt;");
    expect(email.text).toBe(`${body}\n`);
  });
});
