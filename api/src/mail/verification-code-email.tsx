import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { colors, EmailLayout } from "./email-layout";
import { CODE_VALIDITY_MINUTES, PRODUCT_NAME, SUPPORT_EMAIL, VERIFICATION_SUBJECT } from "./mail-brand";
import { type RenderedEmail, renderEmail } from "./render-email";

export interface VerificationCodeEmailProps {
  /** The 6-digit sign-in code. */
  code: string;
}

const CODE_PATTERN = /^\d{6}$/;

export function VerificationCodeEmail({ code }: VerificationCodeEmailProps) {
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} sign-in code is ${code}`}>
      <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
        Your sign-in code
      </Heading>
      <Text style={{ fontSize: "15px", lineHeight: "22px" }}>
        Enter this code on the {PRODUCT_NAME} sign-in page to finish signing in:
      </Text>
      <Section style={{ backgroundColor: colors.panel, borderRadius: "8px", margin: "16px 0", padding: "16px" }}>
        <Text
          style={{
            fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace",
            fontSize: "36px",
            fontWeight: 700,
            letterSpacing: "8px",
            lineHeight: "44px",
            margin: 0,
            textAlign: "center",
          }}
        >
          {code}
        </Text>
      </Section>
      <Text style={{ fontSize: "15px", lineHeight: "22px" }}>
        The code is valid for {CODE_VALIDITY_MINUTES} minutes and can be used once.
      </Text>
      <Text style={{ color: colors.muted, fontSize: "14px", lineHeight: "20px" }}>
        If you did not try to sign in, ignore this e-mail and contact support at {SUPPORT_EMAIL}: someone may know your
        password.
      </Text>
    </EmailLayout>
  );
}

/** Renders the sign-in verification mail (HTML and plain text). */
export async function renderVerificationCodeEmail({ code }: VerificationCodeEmailProps): Promise<RenderedEmail> {
  if (!CODE_PATTERN.test(code)) throw new Error("verification code must be exactly 6 digits");
  return renderEmail(VERIFICATION_SUBJECT, <VerificationCodeEmail code={code} />);
}
