// Every e-mail template with sample data, for `bun run mail:preview` (api/scripts/mail-preview.ts).
import { renderAccountExistsEmail } from "./account-exists-email";
import { renderFollowUpEmail } from "./follow-up-email";
import type { RenderedEmail } from "./render-email";
import { renderVerificationCodeEmail } from "./verification-code-email";
import { renderWelcomeEmail } from "./welcome-email";

/** Preview name → the template rendered with sample data. previews.test.ts checks every template has one. */
export const MAIL_PREVIEWS: Record<string, () => Promise<RenderedEmail>> = {
  "account-exists-email": () => renderAccountExistsEmail({ appUrl: "http://localhost:3000" }),
  "follow-up-email": () =>
    renderFollowUpEmail("Follow-up: Quarterly review (March 10, 2026)", {
      advisorName: "Dana Whitfield",
      body: [
        "Hello Margaret,",
        "",
        "Thank you for meeting with me on March 10, 2026 about Quarterly review.",
        "",
        "## What we decided",
        "",
        "- Move 5% from US equities into short-term bonds",
        "",
        "## What I will do",
        "",
        "- Send the trade list for signature (by March 14, 2026)",
        "",
        "## What you agreed to do",
        "",
        "- **Sign** page four of the trust documents",
        "",
        "Best regards,",
        "Dana Whitfield",
      ].join("\n"),
    }),
  "verification-code-email": () => renderVerificationCodeEmail({ code: "042917" }),
  "welcome-email": () => renderWelcomeEmail({ plan: "premium", appUrl: "http://localhost:3000" }),
  "welcome-email-free": () => renderWelcomeEmail({ plan: "free", appUrl: "http://localhost:3000" }),
};
