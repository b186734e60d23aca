import { describe, expect, test } from "bun:test";
import { CODE_VALIDITY_MINUTES, PLAN_NAME, SUPPORT_EMAIL, VERIFICATION_SUBJECT } from "./mail-brand";
import type { RenderedEmail } from "./render-email";
import { renderVerificationCodeEmail } from "./verification-code-email";
import { describePlan, renderWelcomeEmail } from "./welcome-email";

const leftovers = ["{{", "}}", "${", "undefined", "null", "[object Object]", "NaN"];

function expectNoPlaceholders(mail: RenderedEmail) {
  for (const part of [mail.subject, mail.html, mail.text]) {
    for (const leftover of leftovers) expect(part).not.toContain(leftover);
  }
}

describe("verification code e-mail", () => {
  test("shows the code in html and text, with validity and support address", async () => {
    const mail = await renderVerificationCodeEmail({ code: "042917" });
    expect(mail.subject).toBe(VERIFICATION_SUBJECT);
    expect(mail.html).toStartWith("<!DOCTYPE html");
    expect(mail.html).toContain(">042917<");
    expect(mail.text).toContain("042917");
    expect(mail.text).toContain(`valid for ${CODE_VALIDITY_MINUTES} minutes`);
    expect(mail.text).toContain("If you did not try to sign in, ignore this e-mail and contact support");
    expect(mail.text).toContain(SUPPORT_EMAIL);
    expect(mail.text).not.toContain("<");
    expectNoPlaceholders(mail);
  });

  test("renders the code large and monospaced", async () => {
    const { html } = await renderVerificationCodeEmail({ code: "123456" });
    expect(html).toMatch(/font-size:36px[^>]*>123456</);
    expect(html).toContain("monospace");
  });

  test("refuses anything but 6 digits", async () => {
    for (const code of ["12345", "1234567", "12a456", ""]) {
      await expect(renderVerificationCodeEmail({ code })).rejects.toThrow("exactly 6 digits");
    }
  });
});

describe("welcome e-mail", () => {
  test("greets without a name, names the premium plan and links to the login page", async () => {
    const mail = await renderWelcomeEmail({ plan: "premium", appUrl: "https://app.example" });
    expect(mail.subject).toBe("Welcome to Clearminute: your account is ready");
    expect(mail.html).toContain("Welcome to Clearminute!");
    expect(mail.text).toContain("Welcome to Clearminute!");
    expect(mail.text).toContain(`on the ${PLAN_NAME} plan`);
    expect(mail.html).toContain('href="https://app.example/login"');
    expect(mail.text).toContain("https://app.example/login");
    expectNoPlaceholders(mail);
  });

  test("names the free plan and tolerates a trailing slash in appUrl", async () => {
    const mail = await renderWelcomeEmail({ plan: "free", appUrl: "http://localhost:3000/" });
    expect(mail.text).toContain("on the Clearminute Free plan");
    expect(mail.html).toContain('href="http://localhost:3000/login"');
    expect(mail.html).not.toContain("3000//login");
    expectNoPlaceholders(mail);
  });

  test("carries no text from the sign-up: extra props such as a name are ignored", async () => {
    const props = { name: "Visit evil.example to claim $500", plan: "free", appUrl: "http://localhost:3000" };
    const mail = await renderWelcomeEmail(props);
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("claim");
    }
  });

  test("an unknown plan id is not echoed", async () => {
    const mail = await renderWelcomeEmail({ plan: "Call +1 555 0100 now", appUrl: "http://localhost:3000" });
    expect(mail.text).not.toContain("555");
    expect(mail.text).toContain("account has been created. Sign in");
    expectNoPlaceholders(mail);
  });

  test("describes plan ids", () => {
    expect(describePlan("premium")).toBe(PLAN_NAME);
    expect(describePlan(" Free ")).toBe("Clearminute Free");
    expect(describePlan("")).toBe("Clearminute Free");
    expect(describePlan("enterprise")).toBe("Clearminute Enterprise");
    expect(describePlan("constructor")).toBeUndefined();
    expect(describePlan("gold")).toBeUndefined();
  });
});
