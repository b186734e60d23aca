import { useEffect, useLayoutEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import {
  furthestStep,
  initialRegistrationState,
  isCheckoutReturn,
  type RegistrationState,
  stepInAddress,
} from "./register-types";
import { loadRegistration, saveRegistration } from "./registration-storage";

/**
 * The sign-up's state, kept across a reload: the step in the address (`?step=3`), the rest in this tab's storage
 * (registration-storage.ts says what and why). A reload returns to that step as far as what is kept allows (the
 * password step needs the entries and a plan). The card checkout's return address carries the entries and comes first.
 */
export function useRegistration(): {
  state: RegistrationState;
  setState: (update: (current: RegistrationState) => RegistrationState) => void;
  /** The address names a later step whose entries are not read yet (the server's render): show no step's form. */
  restoring: boolean;
} {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const [state, setState] = useState<RegistrationState>(() => initialRegistrationState(params));
  const [restored, setRestored] = useState(false);

  // After the first render, never during it: the server renders from the address alone and hydration must match.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on arrival
  useLayoutEffect(() => {
    const kept = isCheckoutReturn(params) ? null : loadRegistration();
    if (kept)
      setState({ ...kept, step: Math.min(stepInAddress(params), furthestStep(kept)) as RegistrationState["step"] });
    setRestored(true);
  }, []);

  useEffect(() => {
    if (!restored) return;
    const { step, ...kept } = state;
    saveRegistration(kept);
    // Only the step in the address: the entries a checkout return brought are in storage now.
    const wanted = step === 1 ? "" : `?step=${step}`;
    if (search !== wanted)
      setParams(step === 1 ? {} : { step: String(step) }, { replace: true, preventScrollReset: true });
  }, [restored, state, search, setParams]);

  const restoring = !restored && stepInAddress(params) > 1 && !isCheckoutReturn(params);
  return { state, setState, restoring };
}
