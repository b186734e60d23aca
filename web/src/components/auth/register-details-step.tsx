import type { FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "../../lib/toast";
import { TEXT_LINK } from "./auth-layout";
import type { RegistrationDetails } from "./register-types";
import { TextField } from "./text-field";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!details.email.trim() || !details.username.trim() || !details.fullName.trim()) {
      toast({
        title: "Missing information",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
      return;
    }
    if (!EMAIL_PATTERN.test(details.email.trim())) {
      toast({ title: "Invalid email", description: "Please enter a valid e-mail address", variant: "destructive" });
      return;
    }
    if (!termsAccepted) {
      toast({
        title: "Terms of Service",
        description: "You must agree to the Terms of Service to continue",
        variant: "destructive",
      });
      return;
    }
    onNext();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={details.email}
        onChange={(email) => onChange({ ...details, email })}
        required
      />
      <TextField
        id="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={details.username}
        onChange={(username) => onChange({ ...details, username })}
        hint="3 to 40 letters, digits, dots, dashes or underscores."
        required
      />
      <TextField
        id="full-name"
        label="Full name"
        autoComplete="name"
        value={details.fullName}
        onChange={(fullName) => onChange({ ...details, fullName })}
        required
      />
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
      <button type="submit" className="btn-primary w-full">
        Continue
      </button>
    </form>
  );
}
