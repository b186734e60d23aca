import { render } from "@react-email/render";
import type { ReactElement } from "react";

/** What every template returns: ready to hand to Mailer.send together with a recipient. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

// html-to-text shouts headings by default; keep names and codes as written.
const keepHeadingCase = ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } }));

/** Renders a template to HTML and to its plain-text alternative. */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: { selectors: keepHeadingCase } }),
  ]);
  return { subject, html, text };
}
