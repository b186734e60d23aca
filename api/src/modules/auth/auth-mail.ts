import type { AppContext } from "../../context";
import { renderVerificationCodeEmail } from "../../mail/verification-code-email";
import { renderWelcomeEmail } from "../../mail/welcome-email";

export async function sendVerificationCodeMail(ctx: AppContext, to: string, code: string) {
  const message = await renderVerificationCodeEmail({ code });
  await ctx.mailer.send({ to, ...message });
}

export async function sendWelcomeMail(ctx: AppContext, to: string, plan: string) {
  const message = await renderWelcomeEmail({ plan, appUrl: ctx.config.appUrl });
  await ctx.mailer.send({ to, ...message });
}
