import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { useRefusalToast, useToastWhile } from "../../lib/use-toast-while";
import { TextField } from "../ui/text-field";
import { errorStatus, serverMessage } from "./auth-errors";
import { MIN_PASSWORD_LENGTH, type RegistrationDetails, type RegistrationPlanChoice } from "./register-types";
import { clearRegistration } from "./registration-storage";

const MISSING_KEY = "register-password-missing";
const MISMATCH_KEY = "register-password-mismatch";
const TOO_SHORT_KEY = "register-password-short";

const SETUP_FAILED = "Could not complete your account setup. Please try again.";

function setupFailureText(error: unknown): string {
  const status = errorStatus(error);
  const message = serverMessage(error);
  if (status === 409 || /duplicate/i.test(message)) {
    return /already complete/i.test(message)
      ? `${SETUP_FAILED} This registration is already complete. Please sign in.`
      : `${SETUP_FAILED} This username is already taken. Please choose another.`;
  }
  // Validation, unconfirmed payment and unknown sign-up: the server says what is wrong.
  if (status === 400 || status === 402 || status === 404) {
    return `${SETUP_FAILED} ${message.replace(/^validation failed: /, "")}`;
  }
  return SETUP_FAILED;
}

/** Step 3: password and confirmation, then POST /api/register and on to /login. */
export function RegisterPasswordStep({
  details,
  plan,
  tempUserId,
  onBack,
}: {
  details: RegistrationDetails;
  plan: RegistrationPlanChoice;
  tempUserId?: string;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [submitting, setSubmitting] = useState(false);
  // Each check's toast lasts while the passwords still fail it; the server's refusal until they are changed.
  useToastWhile(MISSING_KEY, !password || !confirm);
  useToastWhile(MISMATCH_KEY, password !== confirm);
  useToastWhile(TOO_SHORT_KEY, password.length < MIN_PASSWORD_LENGTH);
  const setupFailed = useRefusalToast("register-setup", JSON.stringify([password, confirm]));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || !confirm) {
      toast({
        key: MISSING_KEY,
        title: "Missing password",
        description: "Please create a password and confirm it",
        variant: "destructive",
      });
      return;
    }
    if (password !== confirm) {
      toast({
        key: MISMATCH_KEY,
        title: "Passwords don't match",
        description: "Please enter the same password in both fields",
        variant: "destructive",
      });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({
        key: TOO_SHORT_KEY,
        title: "Password too short",
        description: "Please use at least 8 characters for your password",
        variant: "destructive",
      });
      return;
    }
    setSubmitting(true);
    try {
      await apiRequest("POST", "/api/register", {
        email: details.email.trim(),
        username: details.username.trim(),
        password,
        fullName: details.fullName.trim(),
        role: "user",
        subscriptionPlan: plan,
        ...(plan === "premium" && tempUserId ? { tempUserId } : {}),
      });
      toast({
        title: "Account setup complete",
        description: `Your ${plan} account has been created! You can now log in.`,
      });
      clearRegistration();
      navigate("/login");
    } catch (error) {
      setupFailed({ title: "Setup failed", description: setupFailureText(error), variant: "destructive" });
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
        Creating the <span className="font-medium text-slate-900 dark:text-white">{plan}</span> account{" "}
        <span className="font-medium text-slate-900 dark:text-white">{details.username}</span> for {details.email}.
      </p>
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <TextField
        id="confirm-password"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button type="button" className="btn-secondary" onClick={onBack} disabled={submitting}>
          Back
        </button>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? "Creating account..." : "Create account"}
        </button>
      </div>
    </form>
  );
}
