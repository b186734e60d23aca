// The comments of a TypeScript file as prose, read with a JavaScript tokenizer (so `//` in a string or a URL and
// comment-like text in a regular expression are not comments). Comment marks and the ` * ` that starts the lines
// of a block are dropped, and a comment's lines joined, so a path or a quoted section cut by a line break is read
// whole.
import jsTokens from "js-tokens";

const BLOCK_LINE_START = /^[ \t]*\*(?!\/) ?/gm;

export function commentText(source: string, jsx: boolean): string[] {
  const comments: string[] = [];
  let lineComments: string[] = [];
  const endLineComments = () => {
    if (lineComments.length > 0) comments.push(lineComments.join(" "));
    lineComments = [];
  };
  for (const token of jsTokens(source, { jsx })) {
    if (token.type === "SingleLineComment") {
      lineComments.push(token.value.slice(2).trim());
      continue;
    }
    if (token.type === "WhiteSpace" || token.type === "LineTerminatorSequence") continue;
    endLineComments();
    if (token.type === "MultiLineComment") {
      const body = token.value.slice(2, token.value.endsWith("*/") ? -2 : undefined);
      comments.push(
        body
          .replace(BLOCK_LINE_START, "")
          .split("\n")
          .map((line) => line.trim())
          .join(" "),
      );
    }
  }
  endLineComments();
  return comments;
}
