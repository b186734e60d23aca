import { useState } from "react";
import { AuthLayout } from "../components/auth/auth-layout";
import { LoginForm } from "../components/auth/login-form";
import { LOGIN_REDIRECT_DELAY_MS, type PendingVerification } from "../components/auth/login-types";
import { useSignIn } from "../components/auth/use-sign-in";
import { VerificationCard } from "../components/auth/verification-card";

/** /login: credentials, then (for accounts that need it) the e-mailed 6-digit code. */
export default function LoginPage() {
  const [pending, setPending] = useState<PendingVerification | null>(null);
  const signIn = useSignIn();

  return (
    <AuthLayout>
      {pending ? (
        <VerificationCard
          key={pending.userId}
          pending={pending}
          onVerified={(user) => void signIn(user)}
          onBack={() => setPending(null)}
        />
      ) : (
        <LoginForm
          onVerificationRequired={setPending}
          onSignedIn={(user) => void signIn(user, LOGIN_REDIRECT_DELAY_MS)}
        />
      )}
    </AuthLayout>
  );
}
