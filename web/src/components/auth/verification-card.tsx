import type { PublicUser } from "@cm/api/models";
import { type FormEvent, useRef, useState } from "react";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { useToastWhile } from "../../lib/use-toast-while";
import { limitMessageOr } from "./auth-errors";
import { AuthCard } from "./auth-layout";
import {
  CODE_LENGTH,
  CODE_VALIDITY_SECONDS,
  type PendingVerification,
  RESEND_AFTER_SECONDS,
  RESEND_LOCKED_ABOVE,
} from "./login-types";
import { formatCountdown, useCountdown } from "./use-countdown";

const INVALID_CODE_KEY = "verify-code-invalid";
const REFUSED_CODE_KEY = "verify-code-refused";

/** The digits of what was typed or pasted (spaces, dashes and the like dropped first), at most CODE_LENGTH. */
export function readCode(text: string): string {
  return text.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

/** Card 2 of /login: the 6-digit code, its countdown, resend and "Back to login". */
export function VerificationCard({
  pending,
  onVerified,
  onBack,
}: {
  pending: PendingVerification;
  onVerified: (user: PublicUser) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const { remaining, reset } = useCountdown(CODE_VALIDITY_SECONDS);
  const inputRef = useRef<HTMLInputElement>(null);
  const resendLocked = remaining > RESEND_LOCKED_ABOVE;
  useToastWhile(INVALID_CODE_KEY, code.length !== CODE_LENGTH);
  // A refused code is cleared from the field: the toast about it lasts until the next code is typed.
  useToastWhile(REFUSED_CODE_KEY, code === "");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      toast({
        key: INVALID_CODE_KEY,
        title: "Invalid code",
        description: "Please enter the 6-digit verification code sent to your email",
        variant: "destructive",
      });
      return;
    }
    setSubmitting(true);
    try {
      const result = await apiRequest<{ user: PublicUser }>("POST", "/api/verify-login", {
        userId: pending.userId,
        code,
      });
      toast({ title: "Verification successful", description: "You are now signed in." });
      onVerified(result.user);
    } catch (error) {
      const description = limitMessageOr(error, "The code you entered is invalid or has expired. Please try again.");
      toast({ key: REFUSED_CODE_KEY, title: "Verification failed", description, variant: "destructive" });
      setCode("");
      inputRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await apiRequest("POST", "/api/resend-verification", { userId: pending.userId });
      reset();
      setCode("");
      toast({ title: "Code resent", description: `A new verification code has been sent to ${pending.email}.` });
    } catch (error) {
      const description = limitMessageOr(error, "Please try again or contact support if the problem persists.");
      toast({ title: "Failed to resend code", description, variant: "destructive" });
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      titleId="verify-title"
      title="Check your e-mail"
      subtitle={
        <>
          Enter the 6-digit code we sent to{" "}
          <span className="font-medium text-slate-900 dark:text-white">{pending.email}</span>.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor="verification-code" className="label">
            Verification code
          </label>
          <input
            ref={inputRef}
            id="verification-code"
            name="code"
            className="input text-center font-mono text-lg tracking-[0.5em]"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            // No maxLength: the browser would cut a pasted " 652 612 " to its first 6 characters (" 652 6") before
            // the spaces are gone. readCode drops everything but digits first, then keeps 6.
            placeholder="000000"
            value={code}
            aria-describedby="code-countdown"
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this card
            autoFocus
            onChange={(event) => setCode(readCode(event.target.value))}
            onPaste={(event) => {
              // A pasted code replaces what was typed, whatever the caret position: "652 612" from the e-mail.
              const pasted = readCode(event.clipboardData.getData("text"));
              if (pasted.length === CODE_LENGTH) {
                event.preventDefault();
                setCode(pasted);
              }
            }}
          />
        </div>
        <p id="code-countdown" className="text-sm text-slate-600 dark:text-slate-400">
          {remaining > 0 ? (
            <>
              Code expires in{" "}
              <span
                role="timer"
                aria-label="Time remaining"
                className="font-mono font-medium text-slate-900 dark:text-white"
              >
                {formatCountdown(remaining)}
              </span>
            </>
          ) : (
            <span className="font-medium text-amber-700 dark:text-amber-400">
              The code has expired. Request a new one below.
            </span>
          )}
        </p>
        <button type="submit" className="btn-primary w-full" disabled={code.length !== CODE_LENGTH || submitting}>
          {submitting ? "Verifying..." : "Verify and sign in"}
        </button>
      </form>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <button type="button" className="btn-secondary" onClick={resend} disabled={resendLocked || resending}>
          {resending ? "Sending..." : "Resend code"}
        </button>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Back to login
        </button>
      </div>
      {resendLocked ? (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          You can request a new code {RESEND_AFTER_SECONDS} seconds after the last one was sent (in{" "}
          {remaining - RESEND_LOCKED_ABOVE} s).
        </p>
      ) : null}
    </AuthCard>
  );
}
