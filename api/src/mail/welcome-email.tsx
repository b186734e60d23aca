/** @jsxImportSource ./react */
import { Button, Heading, Link, Text } from "@react-email/components";
import { colors, EmailLayout } from "./email-layout";
import { PLAN_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from "./mail-brand";
import { type RenderedEmail, renderEmail } from "./render-email";

export interface WelcomeEmailProps {
  /** How to greet the user (full name, else username). */
  name: string;
  /** The stored subscription plan: "free" or "premium". */
  plan: string;
  /** Public origin of the app, without a trailing slash. */
  appUrl: string;
}

/** Shown name of a stored plan id; unknown ids are shown as stored. */
export function describePlan(plan: string): string {
  const id = plan.trim().toLowerCase();
  if (id === "premium") return PLAN_NAME;
  if (id === "free") return `${PRODUCT_NAME} Free`;
  return plan.trim() || `${PRODUCT_NAME} Free`;
}

export function WelcomeEmail({ name, plan, appUrl }: WelcomeEmailProps) {
  const loginUrl = `${appUrl.replace(/\/+$/, "")}/login`;
  const greeting = name.trim() ? `Welcome, ${name.trim()}!` : "Welcome!";
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} account is ready`}>
      <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
        {greeting}
      </Heading>
      <Text style={{ fontSize: "15px", lineHeight: "22px" }}>
        Your {PRODUCT_NAME} account has been created on the {describePlan(plan)} plan. Sign in to record meetings and
        get summaries, key points and action items for every client conversation.
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
