import type { LoginAnswer, PublicUser } from "@cm/api/models";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { apiRequest } from "../../lib/api-request";
import { SUPPORT_EMAIL } from "../../lib/brand";
import { toast } from "../../lib/toast";
import { useRefusalToast, useToastWhile } from "../../lib/use-toast-while";
import { TextField } from "../ui/text-field";
import { errorStatus, serverMessage } from "./auth-errors";
import { AuthCard, TEXT_LINK } from "./auth-layout";
import type { PendingVerification } from "./login-types";

const MISSING_KEY = "login-missing";

function loginFailureText(error: unknown): string {
  const status = errorStatus(error);
  if (status === undefined) return "Could not reach the server. Please check your connection and try again.";
  // Rate limiting and server faults carry their own message (e.g. how long to wait).
  if (status === 429 || status >= 500) return serverMessage(error);
  return "Invalid username or password";
}

/** Card 1 of /login: username and password. */
export function LoginForm({
  onVerificationRequired,
  onSignedIn,
}: {
  onVerificationRequired: (pending: PendingVerification) => void;
  onSignedIn: (user: PublicUser) => void;
}) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const missing = !username.trim() || !password;
  useToastWhile(MISSING_KEY, missing);
  // "Login failed" is about the credentials sent: it goes once they are changed.
  const refused = useRefusalToast("login-failed", JSON.stringify([username, password]));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (missing) {
      toast({
        key: MISSING_KEY,
        title: "Missing credentials",
        description: "Please enter both username and password",
        variant: "destructive",
      });
      return;
    }
    setSubmitting(true);
    try {
      const result = await apiRequest<LoginAnswer>("POST", "/api/login", { username: username.trim(), password });
      if (result.requiresVerification) {
        toast({
          title: "Verification required",
          description: `We sent a 6-digit verification code to ${result.email}.`,
        });
        // The address is masked; an account without one never reaches the code step (the code goes by e-mail).
        onVerificationRequired({ userId: result.userId, email: result.email ?? "" });
      } else {
        toast({ title: "Login successful", description: "Welcome back!" });
        onSignedIn(result.user);
      }
    } catch (error) {
      refused({ title: "Login failed", description: loginFailureText(error), variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard titleId="login-title" title="Sign in" subtitle="Welcome back. Sign in to your meeting notes.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          id="username"
          label="Username"
          value={username}
          onChange={setUsername}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Don't have an account?{" "}
        <Link to="/register" className={TEXT_LINK}>
          Create one
        </Link>
      </p>
      <p className="mt-4 rounded-lg bg-slate-50 p-3 text-xs leading-5 text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        Forgot your password or need to change your username or e-mail? Support is by e-mail only: write to{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={TEXT_LINK}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </AuthCard>
  );
}
