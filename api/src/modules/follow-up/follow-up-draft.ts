import type { FollowUpProse } from "@cm/ai/openai";
import { formatDocumentDate, type MeetingDocument } from "../export/meeting-document";
import { type CheckContext, checkedLine, maskAccountNumbers } from "./follow-up-checks";
import { type FollowUpLetter, followUpMaterial, oneLine } from "./follow-up-letter";

/** A title that already opens with "Follow-up" (or "Follow up", "Followup") is not prefixed again. */
const ALREADY_FOLLOW_UP = /^follow[- ]?up\b/i;

/** "Follow-up: Quarterly review (March 10, 2026)"; a title that is already a follow-up keeps its own words. */
export function followUpSubject(title: string, day: string): string {
  const name = oneLine(title);
  const subject = ALREADY_FOLLOW_UP.test(name) ? `${name} (${day})` : `Follow-up: ${name} (${day})`;
  return maskAccountNumbers(subject);
}

const section = (heading: string, lines: string[]) =>
  lines.length ? [`## ${heading}`, "", ...lines.map((line) => `- ${line}`), ""] : [];

/**
 * The e-mail's markdown, written by the advisor to the client in the first person: the greeting, one sentence of
 * thanks naming the subject, what we decided, what I will do, what you agreed to do, what others will do, the next
 * meeting, and a closing with the advisor's name. Sections without lines are left out.
 */
export function renderLetter(letter: FollowUpLetter, advisorName: string): string {
  const lines = [`Hello ${maskAccountNumbers(oneLine(letter.greeting))},`, "", letter.thanks, ""];
  lines.push(...section("What we decided", letter.decided));
  lines.push(...section("What I will do", letter.iWillDo));
  lines.push(...section("What you agreed to do", letter.youAgreedToDo));
  lines.push(...section("What others will do", letter.othersWillDo));
  if (letter.nextMeeting.length) lines.push("## Next meeting", "", ...letter.nextMeeting, "");
  lines.push("Please let me know if anything is missing or needs correcting.", "", "Best regards,", advisorName);
  return lines.join("\n");
}

/**
 * The local follow-up draft for `doc` (with its transcript, which the checks compare against) and the material a chat
 * model writes from. `speakers` are the transcript's: a household's people among them are "you" too.
 */
export function composeFollowUp(doc: MeetingDocument, advisorName: string, speakers: string[] = []) {
  const material = followUpMaterial(doc, advisorName, speakers);
  return {
    subject: followUpSubject(doc.title, formatDocumentDate(doc.date)),
    body: renderLetter(material.letter, advisorName),
    material,
  };
}

/**
 * A model's section checked line by line: a line that fails a check is replaced by the local line at its place (the
 * model was asked for one line per item, in order). A section of another length than the record's is not one line
 * per item, so the local section stands.
 */
function checkedSection(written: string[], local: string[], context: CheckContext): string[] {
  if (written.length !== local.length) return local;
  return written.map((line, index) => checkedLine(oneLine(line), context) ?? local[index]!);
}

/**
 * The letter a chat model wrote, after the same checks the local one passed; the local letter when its thanks fails
 * one (a model that ignores the rules in the first sentence is not trusted with the rest). A next meeting the record
 * does not have is not taken from the model.
 */
export function checkedModelLetter(prose: FollowUpProse, local: FollowUpLetter, context: CheckContext): FollowUpLetter {
  const thanks = checkedLine(oneLine(prose.thanks), context);
  if (!thanks) return local;
  const next = prose.nextMeeting === null ? null : checkedLine(oneLine(prose.nextMeeting), context);
  return {
    greeting: local.greeting,
    thanks,
    decided: checkedSection(prose.decided, local.decided, context),
    iWillDo: checkedSection(prose.iWillDo, local.iWillDo, context),
    youAgreedToDo: checkedSection(prose.youAgreedToDo, local.youAgreedToDo, context),
    othersWillDo: checkedSection(prose.othersWillDo, local.othersWillDo, context),
    nextMeeting: local.nextMeeting.length && next ? [next] : local.nextMeeting,
  };
}
