// Whose age a plain number is, from the words right around it: a retirement age or a claiming age.

// The age said right after the words that set it: "retire at 62", "be done at sixty-two", "out by 67", "retirement
// age of 67"; "anyone retiring before sixty-five" or "Medicare at sixty-five" set no one's retirement age.
const RETIRES_AT =
  /\b(?:(?:retire|retires|retired|retiring|be done|be out|stop working|step back|stepping back)\s+(?:at|by|around|about)|retirement age(?:\s+(?:of|is|at|would be))?,?)\s+(?:age\s+)?$/i;
const CLAIMS_AT =
  /\bclaim(?:s|ed|ing)?(?:\s+(?:social security|benefits|it))?\s+(?:at|by|around|about)\s+(?:age\s+)?$/i;
const UNTIL = /\b(?:until|till)\s+(?:age\s+)?$/i;
const TO_CLAIM = /^\s+to\s+claim\b/i;
/** What an age is of: retiring or claiming, when the words right around it say so. */
export function agedSubject(measure: string | null, before: string, after: string): string | null {
  if (measure !== "age") return null;
  if (RETIRES_AT.test(before)) return "retirement age";
  return CLAIMS_AT.test(before) || (UNTIL.test(before) && TO_CLAIM.test(after)) ? "claiming age" : null;
}
