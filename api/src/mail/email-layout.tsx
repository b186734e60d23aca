import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "./mail-brand";

export const colors = { text: "#1f2937", muted: "#6b7280", accent: "#2563eb", border: "#e5e7eb", panel: "#f3f4f6" };

const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Shared frame of every Clearminute e-mail: product name on top, support address at the bottom. */
export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#ffffff", color: colors.text, fontFamily, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: "480px", margin: "0 auto", padding: "0 24px" }}>
          <Text style={{ fontSize: "20px", fontWeight: 700, margin: "0 0 24px" }}>{PRODUCT_NAME}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.border, margin: "32px 0 16px" }} />
          <Text style={{ color: colors.muted, fontSize: "12px", lineHeight: "18px", margin: 0 }}>
            {PRODUCT_NAME}, AI meeting notes for client advisors. Questions? Write to {SUPPORT_EMAIL}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
