// The one kind of link a Meeting Intelligence answer may render: an internal meeting page, optionally at a second
// of its recording (`/meetings/12`, `/meetings/12?t=95`). Relative to this origin, digits only, nothing else.
//
// The server's sanitiser applies the same rule (ANSWER_LINK in ai/src/openai/answer-markdown-limits.ts) and also
// checks the id against the meetings the answer was built from. This copy is duplicated on purpose: web may import
// only types from api and nothing from ai at runtime (README, Layout). Keep the two patterns identical.

/** Anchored, no nested quantifiers: linear in the length of the href. */
const ANSWER_LINK_PATTERN = /^\/meetings\/[1-9][0-9]{0,9}(?:\?t=[0-9]{1,6})?$/;

export function isAnswerLink(href: string | null | undefined): href is string {
  return typeof href === "string" && ANSWER_LINK_PATTERN.test(href);
}

/** react-markdown `urlTransform`: answer links pass unchanged, every other URL (links, images) is removed. */
export function answerUrlTransform(url: string, key: string): string | undefined {
  return key === "href" && isAnswerLink(url) ? url : undefined;
}
