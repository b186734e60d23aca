// `bun run mail:preview`: renders every e-mail template with sample data (api/src/mail/previews.ts) to
// data/mail-preview/<name>.html and .txt, plus an index.html linking them. Nothing is sent and nothing installed.
// `bun --watch api/scripts/mail-preview.ts` renders them again whenever a template changes.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MAIL_PREVIEWS } from "../src/mail/previews";

const outDir = join(import.meta.dir, "..", "..", "data", "mail-preview");

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

await mkdir(outDir, { recursive: true });
const rows: string[] = [];
for (const [name, render] of Object.entries(MAIL_PREVIEWS)) {
  const mail = await render();
  await writeFile(join(outDir, `${name}.html`), mail.html);
  await writeFile(join(outDir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
  rows.push(
    `<li><a href="${name}.html">${escapeHtml(name)}</a> (<a href="${name}.txt">text</a>): ${escapeHtml(mail.subject)}</li>`,
  );
}
await writeFile(
  join(outDir, "index.html"),
  `<!doctype html><meta charset="utf-8"><title>E-mail previews</title><h1>E-mail previews</h1><ul>${rows.join("")}</ul>\n`,
);
console.log(`${rows.length} e-mails rendered: ${join(outDir, "index.html")}`);
