const STEPS = ["Details", "Plan", "Password"] as const;

/** "Step n of 3" list of the sign-up; the current step carries aria-current="step". */
export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Registration progress" className="mb-6">
      <p className="mb-3 text-sm font-medium text-slate-600 dark:text-slate-400">
        Step {current} of {STEPS.length}
      </p>
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < current ? "done" : step === current ? "current" : "upcoming";
          return (
            <li key={label} aria-current={state === "current" ? "step" : undefined} className="min-w-0">
              <span
                className={`block h-1.5 rounded-full ${
                  state === "upcoming" ? "bg-slate-200 dark:bg-slate-800" : "bg-indigo-600 dark:bg-indigo-500"
                }`}
              />
              <span
                className={`mt-2 block truncate text-xs font-medium ${
                  state === "current" ? "text-indigo-700 dark:text-indigo-300" : "text-slate-500 dark:text-slate-400"
                }`}
              >
                <span className="sr-only">{state === "done" ? "Completed: " : ""}</span>
                {step}. {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
