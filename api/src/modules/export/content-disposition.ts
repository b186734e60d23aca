/**
 * `Content-Disposition: attachment` with a file name made from a meeting title: a plain ASCII `filename` for old
 * clients and the exact name as RFC 5987 `filename*` (UTF-8, percent-encoded), so quotes, slashes, line breaks and
 * any script in a title can neither break the header nor pick a path.
 */
export function attachmentDisposition(title: string, extension: string): string {
  const base = fileBaseName(title);
  const ascii =
    base
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\%;]/g, "")
      .replace(/\s+/g, " ")
      .trim() || "meeting";
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeRfc5987(`${base}.${extension}`)}`;
}

/** The title without characters no file system takes (controls, / \ : * ? " < > |), at most 100 characters. */
function fileBaseName(title: string): string {
  const cleaned = withoutControlCharacters(title.toWellFormed())
    .replace(/[/\\:*?"<>|]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  // Cut by code points, so a surrogate pair is never halved.
  return [...cleaned].slice(0, 100).join("").trim().replace(/^\.+/, "") || "meeting";
}

/** RFC 5987 value characters: attr-char stays, everything else is %XX of its UTF-8 bytes. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Control characters (C0 and DEL) as spaces: a header value never holds a line break. */
function withoutControlCharacters(text: string): string {
  let out = "";
  for (const character of text) {
    const code = character.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? " " : character;
  }
  return out;
}
