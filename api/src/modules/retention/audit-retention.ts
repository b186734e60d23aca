// The audit trail's own retention: rows are disposed of oldest first (a prefix of the account's chain, which the
// chain then records), never sooner than the schedule in force or any earlier one promised.
import type { AuditPromise, RetentionRule } from "@cm/db/queries/retention";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `at` moved by a rule's period; null for a rule that keeps for ever or has no period. */
export function addPeriod(at: Date, rule: RetentionRule): Date | null {
  const next = new Date(at);
  if (rule.mode === "days") return new Date(at.getTime() + rule.amount * DAY_MS);
  if (rule.mode === "years" || rule.mode === "after-close") {
    next.setUTCFullYear(next.getUTCFullYear() + rule.amount);
    return next;
  }
  return null;
}

/** `at` moved back by a rule's period (the oldest row a rule still keeps at `at`). */
function subtractPeriod(at: Date, rule: RetentionRule): Date | null {
  if (rule.mode === "days") return new Date(at.getTime() - rule.amount * DAY_MS);
  if (rule.mode === "years" || rule.mode === "after-close") {
    const earlier = new Date(at);
    earlier.setUTCFullYear(earlier.getUTCFullYear() - rule.amount);
    return earlier;
  }
  return null;
}

/**
 * Rows written before the time returned may be disposed of at `now`; null: none may. The rule in force must give a
 * period, and each earlier promise whose rows are not all past it holds the cut back to its own period.
 */
export function auditCutoff(rule: RetentionRule, promises: AuditPromise[], now: Date): Date | null {
  let cutoff = subtractPeriod(now, rule);
  if (!cutoff) return null;
  for (const promise of promises) {
    if (promise.mode === "forever") return null;
    const kept = subtractPeriod(now, promise);
    if (kept && kept < new Date(promise.before) && kept < cutoff) cutoff = kept;
  }
  return cutoff;
}

/** The promises to keep after a change away from `rule` at `now`: it joins them, the expired ones go. */
export function nextAuditPromises(promises: AuditPromise[], rule: RetentionRule, now: Date): AuditPromise[] {
  const alive = promises.filter((promise) => {
    if (promise.mode === "forever") return true;
    const kept = subtractPeriod(now, promise);
    return kept !== null && kept < new Date(promise.before);
  });
  if (rule.mode === "none") return alive;
  return [...alive, { before: now.toISOString(), mode: rule.mode, amount: rule.amount }].slice(-50);
}

/**
 * Until when the account's trail must be kept, judged from its latest row: under the rule in force, and for the
 * rows before each promise, that promise. `forever` when a rule or promise keeps it for ever.
 */
export function auditKeptUntil(
  rule: RetentionRule,
  promises: AuditPromise[],
  lastRowAt: Date | null,
): Date | "forever" | null {
  if (!lastRowAt) return null;
  let until: Date | null = null;
  const later = (date: Date | null) => {
    if (date && (!until || date > until)) until = date;
  };
  if (rule.mode === "forever") return "forever";
  later(addPeriod(lastRowAt, rule));
  for (const promise of promises) {
    const before = new Date(promise.before);
    const lastKept = lastRowAt < before ? lastRowAt : before;
    if (promise.mode === "forever") return "forever";
    later(addPeriod(lastKept, promise));
  }
  return until;
}
