import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
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

/**
 * DejaVu Sans ships inside the `dejavu-fonts-ttf` package (Latin, Greek, Cyrillic and many symbols), read once and
 * embedded (subset) in each PDF, so names like "Zoë" or "Ørsted" print as written. If it cannot be read, the
 * standard Helvetica of the PDF format takes over (Latin-1 only).
 */
const fonts = loadFonts();

function loadFonts(): { regular: Buffer; bold: Buffer } | null {
  try {
    const file = (name: string) => readFileSync(Bun.resolveSync(`dejavu-fonts-ttf/ttf/${name}`, import.meta.dir));
    return { regular: file("DejaVuSans.ttf"), bold: file("DejaVuSans-Bold.ttf") };
  } catch {
    return null;
  }
}

/**
 * Transcript characters laid out between two yields to the event loop (a few milliseconds of layout): a long transcript never
 * holds up other requests. A turn longer than a slice is written in pieces.
 */
const CHARACTERS_PER_SLICE = 4_000;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The meeting as a PDF, streamed as pdfkit writes it. Writing yields to the event loop every few transcript turns,
 * so a one-hour transcript (tens of pages) is made in slices between other requests, never in one long block.
 */
export function renderPdf(doc: MeetingDocument): ReadableStream<Uint8Array> {
  let pdf: PDFKit.PDFDocument | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      pdf = new PDFDocument({
        size: "A4",
        margin: 56,
        info: { Title: doc.title, Subject: `Meeting with ${doc.clientName}`, Creator: "Clearminute" },
      });
      pdf.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      pdf.on("end", () => controller.close());
      pdf.on("error", (error: Error) => controller.error(error));
      writeDocument(pdf, doc).catch((error: unknown) => controller.error(error));
    },
    cancel() {
      pdf?.removeAllListeners("data");
    },
  });
}

async function writeDocument(pdf: PDFKit.PDFDocument, doc: MeetingDocument): Promise<void> {
  const regular = fonts ? "Body" : "Helvetica";
  const bold = fonts ? "Body-Bold" : "Helvetica-Bold";
  if (fonts) {
    pdf.registerFont("Body", fonts.regular);
    pdf.registerFont("Body-Bold", fonts.bold);
  }
  const heading = (text: string) => {
    pdf.moveDown(0.8).font(bold).fontSize(13).fillColor("#1f2937").text(text);
    pdf.moveDown(0.3).font(regular).fontSize(10.5).fillColor("#111827");
  };
  const paragraph = (text: string) => pdf.text(text, { paragraphGap: 4 });
  const list = (items: string[], empty: string) => {
    if (items.length) pdf.list(items, { bulletRadius: 2, paragraphGap: 3, indent: 12, textIndent: 0 });
    else paragraph(empty);
  };

  pdf.font(bold).fontSize(20).fillColor("#111827").text(doc.title);
  pdf.moveDown(0.3).font(regular).fontSize(11).fillColor("#4b5563");
  pdf.text(`Client: ${doc.clientName}`).text(`Date: ${formatDocumentDate(doc.date)}`);
  // A draft says so in bold amber under the date: the reader sees at once that no person has checked it.
  pdf.moveDown(0.3);
  if (doc.review) pdf.text(describeReview(doc.review));
  else pdf.font(bold).fillColor("#92400e").text(describeReview(null)).font(regular).fillColor("#4b5563");
  pdf.text(describeConsent(doc.consent));

  heading("Executive Summary");
  paragraph(doc.executiveSummary?.trim() || "No summary yet.");
  heading("Key Points");
  list(doc.keyPoints, "No key points.");
  if (doc.decisions.length) {
    heading("Decisions");
    list(doc.decisions, "");
  }
  heading("Action Items");
  list(doc.actionItems.map(describeActionItem), "No action items.");
  heading("Next Meeting");
  const next = doc.nextMeeting;
  if (next?.date || next?.topics.length) {
    if (next.date) paragraph(`Scheduled for ${formatNextMeetingWhen({ ...next, date: next.date })}`);
    if (next.topics.length) paragraph(`Topics to include: ${next.topics.join(", ")}`);
  } else {
    paragraph("No next meeting planned.");
  }
  if (doc.notes !== null) {
    heading("My Notes");
    paragraph(doc.notes.trim() || "No notes.");
  }

  if (doc.transcript.length) {
    heading("Transcript");
    let written = 0;
    for (const turn of doc.transcript) {
      const at = turn.start === null ? "" : `[${formatTimestamp(turn.start)}] `;
      const who = turn.speaker ? `${turn.speaker}: ` : "";
      const pieces = cutText(turn.text, CHARACTERS_PER_SLICE);
      for (const [index, piece] of pieces.entries()) {
        if (written >= CHARACTERS_PER_SLICE) {
          written = 0;
          await nextTick();
        }
        if (index === 0 && (at || who)) pdf.font(bold).text(`${at}${who}`, { continued: true }).font(regular);
        pdf.text(piece, { paragraphGap: index === pieces.length - 1 ? 4 : 0 });
        written += piece.length;
      }
    }
  }
  pdf.end();
}
