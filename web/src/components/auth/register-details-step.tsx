import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { useRefusalToast, useToastWhile } from "../../lib/use-toast-while";
import { TextField } from "../ui/text-field";
import { errorStatus, serverMessage } from "./auth-errors";
import { TEXT_LINK } from "./auth-layout";
import type { RegistrationDetails } from "./register-types";

// The server's rule: dot-separated domain labels, matched in linear time.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** The server's rule (api/src/modules/auth/register-service.ts), checked on the NFKC form it stores. */
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,40}$/;

const MISSING_KEY = "register-details-missing";
const INVALID_EMAIL_KEY = "register-email-invalid";
const TERMS_KEY = "register-terms";

const USERNAME_TAKEN = "This username is already taken.";
const USERNAME_FORMAT = "Use 3 to 40 letters, digits, dots, dashes or underscores.";

type UsernameCheck = { ok: true } | { ok: false; problem: string } | { ok: false; failed: true };

/** Asks the server whether the username is free (POST /api/register/check), before the user goes on to pay. */
async function checkUsername(username: string): Promise<UsernameCheck> {
  try {
    const result = await apiRequest<{ available?: boolean } | undefined>("POST", "/api/register/check", { username });
    return result?.available === false ? { ok: false, problem: USERNAME_TAKEN } : { ok: true };
  } catch (error) {
    const status = errorStatus(error);
    if (status === 429) return { ok: false, problem: serverMessage(error) };
    if (status === 400) return { ok: false, problem: USERNAME_FORMAT };
    return { ok: false, failed: true };
  }
}

/** Step 1: e-mail, username, full name and the terms checkbox. */
export function RegisterDetailsStep({
  details,
  termsAccepted,
  onChange,
  onTermsChange,
  onNext,
}: {
  details: RegistrationDetails;
  termsAccepted: boolean;
  onChange: (details: RegistrationDetails) => void;
  onTermsChange: (accepted: boolean) => void;
  onNext: () => void;
}) {
  const [usernameError, setUsernameError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  // Each toast of this step lasts while what it says holds (and goes with the step).
  const missing = !details.email.trim() || !details.username.trim() || !details.fullName.trim();
  const emailInvalid = !EMAIL_PATTERN.test(details.email.trim());
  useToastWhile(MISSING_KEY, missing);
  useToastWhile(INVALID_EMAIL_KEY, emailInvalid);
  useToastWhile(TERMS_KEY, !termsAccepted);
  const checkFailed = useRefusalToast("register-username-check", details.username);

  /** A required field bound to one of the details. */
  function detailField(key: keyof RegistrationDetails) {
    return {
      value: details[key],
      onChange: (value: string) => onChange({ ...details, [key]: value }),
      required: true,
    };
  }

  function showUsernameProblem(problem: string) {
    setUsernameError(problem);
    usernameRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    if (missing) {
      toast({
        key: MISSING_KEY,
        title: "Missing information",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
      return;
    }
    if (emailInvalid) {
      toast({
        key: INVALID_EMAIL_KEY,
        title: "Invalid email",
        description: "Please enter a valid e-mail address",
        variant: "destructive",
      });
      return;
    }
    if (!termsAccepted) {
      toast({
        key: TERMS_KEY,
        title: "Terms of Service",
        description: "You must agree to the Terms of Service to continue",
        variant: "destructive",
      });
      return;
    }
    const username = details.username.normalize("NFKC").trim();
    if (!USERNAME_PATTERN.test(username)) {
      showUsernameProblem(USERNAME_FORMAT);
      return;
    }
    setChecking(true);
    const check = await checkUsername(username);
    setChecking(false);
    if (!check.ok) {
      if ("problem" in check) showUsernameProblem(check.problem);
      else {
        checkFailed({
          title: "Setup failed",
          description: "Could not complete your account setup. Please try again.",
          variant: "destructive",
        });
      }
      return;
    }
    onNext();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField id="email" label="Email" type="email" autoComplete="email" {...detailField("email")} />
      <TextField
        id="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={details.username}
        onChange={(username) => {
          setUsernameError(undefined);
          onChange({ ...details, username });
        }}
        hint="3 to 40 letters, digits, dots, dashes or underscores."
        error={usernameError}
        inputRef={usernameRef}
        required
      />
      <TextField id="full-name" label="Full name" autoComplete="name" {...detailField("fullName")} />
      <div className="flex items-start gap-3">
        <input
          id="terms"
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-indigo-600 dark:border-slate-600"
          checked={termsAccepted}
          onChange={(event) => onTermsChange(event.target.checked)}
        />
        <label htmlFor="terms" className="text-sm text-slate-700 dark:text-slate-300">
          I agree to the{" "}
          <Link to="/terms" target="_blank" rel="noopener" className={TEXT_LINK}>
            Terms of Service
            <span className="sr-only"> (opens in a new tab)</span>
          </Link>
        </label>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={checking}>
        {checking ? "Checking..." : "Continue"}
      </button>
    </form>
  );
}
