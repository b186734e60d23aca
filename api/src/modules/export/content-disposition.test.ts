import { describe, expect, test } from "bun:test";
import { attachmentDisposition } from "./content-disposition";

const parts = (header: string) => ({
  ascii: /filename="([^"]*)"/.exec(header)?.[1],
  exact: decodeURIComponent(/filename\*=UTF-8''(\S+)$/.exec(header)?.[1] ?? ""),
});

describe("attachmentDisposition", () => {
  test("a plain title is the file name", () => {
    expect(attachmentDisposition("Quarterly review", "pdf")).toBe(
      `attachment; filename="Quarterly review.pdf"; filename*=UTF-8''Quarterly%20review.pdf`,
    );
  });

  test("line breaks, quotes, semicolons and path characters cannot break the header or pick a folder", () => {
    const header = attachmentDisposition('a"b;\r\nSet-Cookie: x=1\\..\\/etc/passwd%', "md");
    expect(header).not.toMatch(/[\r\n]/);
    const { ascii, exact } = parts(header);
    expect(ascii).not.toMatch(/["\\/;%]/);
    expect(exact).not.toMatch(/[\\/\r\n"]/);
    expect(exact.endsWith(".md")).toBe(true);
  });

  test("unicode keeps its exact form in filename* and folds to ASCII in filename", () => {
    const { ascii, exact } = parts(attachmentDisposition("Café Zoë 👩‍💼 شركة", "docx"));
    expect(exact).toBe("Café Zoë 👩‍💼 شركة.docx");
    expect(ascii).toBe("Cafe Zoe.docx");
  });

  test("an empty, dot-only or very long title still gives a sensible name of at most 100 characters", () => {
    expect(parts(attachmentDisposition("   ", "pdf")).exact).toBe("meeting.pdf");
    expect(parts(attachmentDisposition("...", "pdf")).exact).toBe("meeting.pdf");
    expect(parts(attachmentDisposition("😀".repeat(300), "pdf")).exact).toBe(`${"😀".repeat(100)}.pdf`);
  });
});
