import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { MAIL_PREVIEWS } from "./previews";

test("every template in this folder has a preview, and every preview renders", async () => {
  const templates = readdirSync(import.meta.dir)
    .filter((name) => name.endsWith("-email.tsx"))
    .map((name) => name.slice(0, -".tsx".length));
  expect(templates.length).toBeGreaterThan(0);
  for (const template of templates) expect(Object.keys(MAIL_PREVIEWS)).toContain(template);
  for (const render of Object.values(MAIL_PREVIEWS)) {
    const mail = await render();
    expect(mail.html).toStartWith("<!DOCTYPE html");
    expect(mail.text.length).toBeGreaterThan(0);
  }
});
