import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { colors, EmailLayout } from "./email-layout";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "./mail-brand";
import { type RenderedEmail, renderEmail } from "./render-email";

/**
 * Sent instead of the welcome mail when someone signs up with an address that already has an account: the sign-up
 * answers alike either way (so it never tells whether an address has an account), and the address's owner learns it
 * here. Nothing the registrant typed is in it; only our words and the app's address.
 */
export interface AccountExistsEmailProps {
  /** Public origin of the app, without a trailing slash. */
  appUrl: string;
}

export function AccountExistsEmail({ appUrl }: AccountExistsEmailProps) {
  const loginUrl = `${appUrl.replace(/(?<!\/)\/+$/, "")}/login`;
  return (
    <EmailLayout preview={`You already have a ${PRODUCT_NAME} account`}>
      <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
        You already have an account
      </Heading>
      <Text style={{ fontSize: "15px", lineHeight: "22px" }}>
        Someone just tried to sign up for {PRODUCT_NAME} with this e-mail address, which already belongs to an account.
        No new account was created and nothing about your account has changed. If it was you, sign in with your existing
        username and password instead; there is nothing to pay.
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
        If it was not you, you can ignore this e-mail. If you paid for a second sign-up by mistake, contact support at{" "}
        {SUPPORT_EMAIL} for a refund.
      </Text>
    </EmailLayout>
  );
}

/** Renders the "you already have an account" mail (HTML and plain text). */
export async function renderAccountExistsEmail(props: AccountExistsEmailProps): Promise<RenderedEmail> {
  return renderEmail(`Your ${PRODUCT_NAME} account already exists`, <AccountExistsEmail {...props} />);
}
