// "When was the signing scheduled?": a question about when something was set to happen, answered by the meeting
// that set it (fetch/scheduled-meeting.ts).

/**
 * True when the question asks when something was set to happen ("When was the signing scheduled?", "what is the
 * review booked for?"), not a deadline ("by when…") or a duration ("how long…").
 */
export function asksWhenScheduled(question: string): boolean {
  const q = question.slice(0, 1000);
  return SCHEDULED.test(q) && !DEADLINE_OR_SPAN.test(q);
}

const SCHEDULED = /\b(?:scheduled?|booked|set (?:up )?for|planned for)\b/i;
const DEADLINE_OR_SPAN = /\bby when\b|\bhow long\b|\bdeadline\b/i;
