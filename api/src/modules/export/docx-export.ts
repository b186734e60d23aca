import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import {
  cutText,
  describeActionItem,
  describeConsent,
  describeReview,
  formatDocumentDate,
  formatNextMeetingWhen,
  formatTimestamp,
  type MeetingDocument,
} from "./meeting-document";

/** XML 1.0 allows tab, line feed and carriage return of the control characters, and neither U+FFFE nor U+FFFF. */
const allowedInXml = (code: number) => (code >= 0x20 || code === 9 || code === 10 || code === 13) && code < 0xfffe;

/** The text without the characters XML 1.0 does not allow (Word refuses a document holding one). */
function xmlText(text: string): string {
  let clean = true;
  for (let i = 0; i < text.length && clean; i++) clean = allowedInXml(text.charCodeAt(i));
  if (clean) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) if (allowedInXml(text.charCodeAt(i))) out += text[i];
  return out;
}

/** Transcript characters turned into paragraphs between two yields to the event loop. */
const CHARACTERS_PER_SLICE = 20_000;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel] = HeadingLevel.HEADING_1) =>
  new Paragraph({ text: xmlText(text), heading: level, spacing: { before: 240, after: 120 } });
const paragraph = (text: string) => new Paragraph({ children: [new TextRun(xmlText(text))], spacing: { after: 120 } });
const bullets = (items: string[], empty: string) =>
  items.length ? items.map((item) => new Paragraph({ text: xmlText(item), bullet: { level: 0 } })) : [paragraph(empty)];

/**
 * The meeting as a Word document (.docx). The transcript's paragraphs are built in slices with yields between them,
 * and the zip is written by JSZip's asynchronous generator, so a long transcript does not hold up other requests.
 */
export async function renderDocx(doc: MeetingDocument): Promise<Uint8Array> {
  const children: Paragraph[] = [
    heading(doc.title, HeadingLevel.TITLE),
    new Paragraph({ children: [new TextRun({ text: "Client: ", bold: true }), new TextRun(xmlText(doc.clientName))] }),
    new Paragraph({
      children: [new TextRun({ text: "Date: ", bold: true }), new TextRun(formatDocumentDate(doc.date))],
    }),
    new Paragraph({
      children: [new TextRun({ text: xmlText(describeReview(doc.review)), bold: doc.review === null })],
      spacing: { before: 120 },
    }),
    new Paragraph({ children: [new TextRun(xmlText(describeConsent(doc.consent)))] }),
    heading("Executive Summary"),
    paragraph(doc.executiveSummary?.trim() || "No summary yet."),
    heading("Key Points"),
    ...bullets(doc.keyPoints, "No key points."),
    ...(doc.decisions.length ? [heading("Decisions"), ...bullets(doc.decisions, "")] : []),
    heading("Action Items"),
    ...bullets(doc.actionItems.map(describeActionItem), "No action items."),
    heading("Next Meeting"),
  ];
  const next = doc.nextMeeting;
  if (next?.date || next?.topics.length) {
    if (next.date) children.push(paragraph(`Scheduled for ${formatNextMeetingWhen({ ...next, date: next.date })}`));
    if (next.topics.length) children.push(paragraph(`Topics to include: ${next.topics.join(", ")}`));
  } else {
    children.push(paragraph("No next meeting planned."));
  }
  if (doc.notes !== null) {
    children.push(heading("My Notes"));
    const notes = doc.notes.trim();
    children.push(...(notes ? notes.split(/\r?\n/).map(paragraph) : [paragraph("No notes.")]));
  }
  if (doc.transcript.length) {
    children.push(heading("Transcript"));
    let written = 0;
    for (const turn of doc.transcript) {
      const at = turn.start === null ? "" : `[${formatTimestamp(turn.start)}] `;
      const who = turn.speaker ? `${turn.speaker}: ` : "";
      for (const [index, piece] of cutText(turn.text, CHARACTERS_PER_SLICE).entries()) {
        if (written >= CHARACTERS_PER_SLICE) {
          written = 0;
          await nextTick();
        }
        const label = index === 0 && (at || who) ? [new TextRun({ text: xmlText(`${at}${who}`), bold: true })] : [];
        children.push(new Paragraph({ children: [...label, new TextRun(xmlText(piece))], spacing: { after: 80 } }));
        written += piece.length;
      }
    }
  }
  const document = new Document({
    title: xmlText(doc.title),
    creator: "Clearminute",
    description: xmlText(`Meeting with ${doc.clientName}`),
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
