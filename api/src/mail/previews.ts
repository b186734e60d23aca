// Every e-mail template with sample data, for `bun run mail:preview` (api/scripts/mail-preview.ts).
import type { RenderedEmail } from "./render-email";
import { renderVerificationCodeEmail } from "./verification-code-email";
import { renderWelcomeEmail } from "./welcome-email";

/** Preview name → the template rendered with sample data. previews.test.ts checks every template has one. */
export const MAIL_PREVIEWS: Record<string, () => Promise<RenderedEmail>> = {
  "verification-code-email": () => renderVerificationCodeEmail({ code: "042917" }),
  "welcome-email": () => renderWelcomeEmail({ plan: "premium", appUrl: "http://localhost:3000" }),
  "welcome-email-free": () => renderWelcomeEmail({ plan: "free", appUrl: "http://localhost:3000" }),
};
