import type { AppContext } from "../../context";
import { renderAccountExistsEmail } from "../../mail/account-exists-email";
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

/** To an address that already has an account, when someone signs up with it again. */
export async function sendAccountExistsMail(ctx: AppContext, to: string) {
  const message = await renderAccountExistsEmail({ appUrl: ctx.config.appUrl });
  await ctx.mailer.send({ to, ...message });
}
