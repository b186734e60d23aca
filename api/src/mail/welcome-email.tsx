import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { colors, EmailLayout } from "./email-layout";
import { PLAN_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from "./mail-brand";
import { type RenderedEmail, renderEmail } from "./render-email";

/**
 * Everything the mail shows. Deliberately no name or username: a sign-up can give any address, so whatever the
 * registrant typed would be text we send to a stranger. Only our own words, the plan and the app's address.
 */
export interface WelcomeEmailProps {
  /** The stored subscription plan: "free" or "premium". */
  plan: string;
  /** Public origin of the app, without a trailing slash. */
  appUrl: string;
}

const PLAN_NAMES = new Map<string, string>([
  ["premium", PLAN_NAME],
  ["free", `${PRODUCT_NAME} Free`],
  ["basic", `${PRODUCT_NAME} Basic`],
  ["enterprise", `${PRODUCT_NAME} Enterprise`],
]);

/** Shown name of a stored plan id (empty is the free plan); an id we do not know is never echoed: undefined. */
export function describePlan(plan: string): string | undefined {
  return PLAN_NAMES.get(plan.trim().toLowerCase() || "free");
}

export function WelcomeEmail({ plan, appUrl }: WelcomeEmailProps) {
  const loginUrl = `${appUrl.replace(/(?<!\/)\/+$/, "")}/login`;
  const greeting = `Welcome to ${PRODUCT_NAME}!`;
  const planName = describePlan(plan);
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} account is ready`}>
      <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
        {greeting}
      </Heading>
      <Text style={{ fontSize: "15px", lineHeight: "22px" }}>
        Your {PRODUCT_NAME} account has been created{planName ? ` on the ${planName} plan` : ""}. Sign in to record
        meetings and get summaries, key points and action items for every client conversation.
      </Text>
      <Button
        href={loginUrl}
        style={{
          backgroundColor: colors.accent,
          borderRadius: "6px",
          color: "#ffffff",
          fontSize: "15px",
          fontWeight: 600,
          margin: "8px 0 16px",
          padding: "12px 20px",
        }}
      >
        Sign in to {PRODUCT_NAME}
      </Button>
      <Text style={{ color: colors.muted, fontSize: "14px", lineHeight: "20px" }}>
        Or open this link: <Link href={loginUrl}>{loginUrl}</Link>
      </Text>
      <Text style={{ color: colors.muted, fontSize: "14px", lineHeight: "20px" }}>
        If you did not create this account, contact support at {SUPPORT_EMAIL}.
      </Text>
    </EmailLayout>
  );
}

/** Renders the account-created mail (HTML and plain text). */
export async function renderWelcomeEmail(props: WelcomeEmailProps): Promise<RenderedEmail> {
  return renderEmail(`Welcome to ${PRODUCT_NAME}: your account is ready`, <WelcomeEmail {...props} />);
}
