import { isRecord, tabStorage } from "../../lib/tab-storage";
import type { RegistrationDetails, RegistrationPlanChoice, RegistrationState } from "./register-types";

// What a reload of /register keeps, in this tab only (sessionStorage): the entries of step 1, the terms box, the plan
// and a paid sign-up's temporary id. Not in the address: an e-mail address there goes into the browser's history,
// server logs and the Referer of the next request. Never the password: step 3 asks for it again.

export const REGISTRATION_STORAGE_KEY = "cm.registration";

export type KeptRegistration = Omit<RegistrationState, "step">;

const PLANS: RegistrationPlanChoice[] = ["premium", "free"];
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The kept registration, or null when there is none or it is not one (another version, a hand edit). */
export function loadRegistration(): KeptRegistration | null {
  try {
    const raw = tabStorage()?.getItem(REGISTRATION_STORAGE_KEY);
    const kept: unknown = raw ? JSON.parse(raw) : null;
    if (!isRecord(kept) || !isRecord(kept.details)) return null;
    const details: RegistrationDetails = {
      email: text(kept.details.email),
      username: text(kept.details.username),
      fullName: text(kept.details.fullName),
    };
    const plan = PLANS.includes(kept.plan as RegistrationPlanChoice) ? (kept.plan as RegistrationPlanChoice) : null;
    const tempUserId = text(kept.tempUserId) || undefined;
    return { details, termsAccepted: kept.termsAccepted === true, plan, ...(tempUserId ? { tempUserId } : {}) };
  } catch {
    return null;
  }
}

export function saveRegistration({ details, termsAccepted, plan, tempUserId }: KeptRegistration): void {
  try {
    const kept = { details, termsAccepted, plan, ...(tempUserId ? { tempUserId } : {}) };
    tabStorage()?.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: a reload starts over, nothing else is lost.
  }
}

/** The account is made (or the user signed in): nothing of the sign-up stays in the browser. */
export function clearRegistration(): void {
  try {
    tabStorage()?.removeItem(REGISTRATION_STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
