import { Link, Navigate } from "react-router";
import { AuthCard, AuthLayout, TEXT_LINK } from "../components/auth/auth-layout";
import { RegisterDetailsStep } from "../components/auth/register-details-step";
import { RegisterPasswordStep } from "../components/auth/register-password-step";
import { RegisterPlanStep } from "../components/auth/register-plan-step";
import type { RegistrationState, RegistrationStep } from "../components/auth/register-types";
import { StepIndicator } from "../components/auth/step-indicator";
import { useRegistration } from "../components/auth/use-registration";
import { useAuth } from "../lib/auth-context";

const TITLES: Record<RegistrationStep, { title: string; subtitle: string }> = {
  1: { title: "Create your account", subtitle: "Tell us who you are." },
  2: { title: "Choose your plan", subtitle: "Pick the plan your account starts on." },
  3: { title: "Create a password", subtitle: "Almost done: secure your account." },
};

/** /register: details, plan (with card checkout for premium), password. A reload keeps the step (use-registration.ts). */
export default function RegisterPage() {
  // The step is in the address and the entries in this tab's storage: a reload returns to where the user was.
  const { state, setState, restoring } = useRegistration();
  const update = (patch: Partial<RegistrationState>) => setState((current) => ({ ...current, ...patch }));
  const back = () => setState((current) => ({ ...current, step: Math.max(1, current.step - 1) as RegistrationStep }));
  const { title, subtitle } = TITLES[state.step];
  // Signed in already (the server redirects a request for the page; this covers a link inside the app).
  const { authenticated } = useAuth();
  if (authenticated) return <Navigate to="/dashboard" replace />;

  // Before the kept entries are read (the server's page, until hydration), a reload on step 3 shows no step 1 form.
  if (restoring) {
    return (
      <AuthLayout>
        <p role="status" className="py-16 text-center text-sm text-slate-600 dark:text-slate-400">
          Loading your sign-up...
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <StepIndicator current={state.step} />
      <AuthCard titleId="register-title" title={title} subtitle={subtitle}>
        {state.step === 1 ? (
          <RegisterDetailsStep
            details={state.details}
            termsAccepted={state.termsAccepted}
            onChange={(details) => update({ details })}
            onTermsChange={(termsAccepted) => update({ termsAccepted })}
            onNext={() => update({ step: 2 })}
          />
        ) : state.step === 2 ? (
          <RegisterPlanStep
            details={state.details}
            plan={state.plan}
            tempUserId={state.tempUserId}
            onPlanChange={(plan) => update({ plan })}
            onNext={(plan) => update({ plan, step: 3, tempUserId: plan === "free" ? undefined : state.tempUserId })}
            onBack={back}
          />
        ) : (
          <RegisterPasswordStep
            details={state.details}
            plan={state.plan ?? "free"}
            tempUserId={state.tempUserId}
            onBack={back}
          />
        )}
      </AuthCard>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{" "}
        <Link to="/login" className={TEXT_LINK}>
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
