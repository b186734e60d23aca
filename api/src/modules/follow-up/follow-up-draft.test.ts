import { describe, expect, test } from "bun:test";
import type { MeetingDocument } from "../export/meeting-document";
import { composeFollowUp, followUpSubject } from "./follow-up-draft";

function meeting(overrides: Partial<MeetingDocument> = {}): MeetingDocument {
  return {
    id: 3,
    title: "Annual pension check",
    clientId: 9,
    clientName: "Okafor Household",
    date: new Date("2026-05-04T09:30:00Z"),
    status: "Processed",
    executiveSummary: "Priya Castellano reviewed the pension. The client wants lower fees.",
    keyPoints: ["Priya will compare two providers"],
    decisions: [],
    actionItems: [
      { task: "Send the provider comparison to the client", assignee: "Priya Castellano", dueDate: "2026-05-11" },
      { task: "Find last year's statement", assignee: "Chidi Okafor" },
      { task: "Value the rental flat", assignee: "Surveyor" },
    ],
    nextMeeting: null,
    notes: null,
    transcript: [],
    review: null,
    consent: null,
    ...overrides,
  };
}

describe("composeFollowUp", () => {
  test("is written in the advisor's voice: what I will do, what you will do, and anyone else's steps", () => {
    const { body } = composeFollowUp(meeting(), "Priya Castellano");
    expect(body).toStartWith(
      "Hello Okafor Household,\n\nThank you for meeting with me on May 4, 2026 about Annual pension check.\n",
    );
    expect(body).toContain("## Key points\n\n- I will compare two providers");
    expect(body).toContain("## What I will do\n\n- Send the provider comparison to you (by May 11, 2026)");
    expect(body).toContain("## What you will do\n\n- Find last year's statement");
    expect(body).toContain("## Other next steps\n\n- Value the rental flat (Surveyor)");
    expect(body).not.toContain("Priya Castellano will");
    expect(body).toEndWith("Best regards,\nPriya Castellano");
  });

  test("tells what we agreed and never copies the summary's third-person account or a speaker-labelled quote", () => {
    const { body } = composeFollowUp(
      meeting({
        executiveSummary: "Purpose: annual pension check. Priya Castellano and Chidi Okafor met.",
        decisions: ["Keep the county pension as it is"],
      }),
      "Priya Castellano",
    );
    expect(body).toContain("Here is what we agreed, the main points and the next steps.");
    expect(body).toContain("## What we agreed\n\n- Keep the county pension as it is\n\n## Key points");
    expect(body).not.toContain("Purpose:");
    expect(body).not.toContain("met.");
    expect(body).not.toMatch(/^(?:- )?\p{Lu}\p{Ll}+: /mu);
  });

  test("a couple's first names, as the notes write them, are addressed as you", () => {
    const couple = meeting({
      clientName: "Walt and June Pemberton",
      keyPoints: ["Walt and June's cabin sold for $459,000", "Walt and June are fine on cash"],
    });
    const { body } = composeFollowUp(couple, "Priya Castellano");
    expect(body).toContain("- Your cabin sold for $459,000\n- You are fine on cash");
  });

  test("a household's person who spoke is addressed as you; an accountant and an absent relative keep their names", () => {
    const household = meeting({
      clientName: "Wójcik Household",
      keyPoints: [
        "Priya will send Tomasz the transfer forms",
        "Tomasz's accountant, Lena Hart, will confirm the cost basis",
        "Tomasz asked about Marek's share of the flat",
      ],
      actionItems: [
        { task: "Sign the transfer forms", assignee: "Tomasz" },
        { task: "Send Lena the cost basis report", assignee: "Priya Castellano" },
        { task: "Ask Marek about the flat", assignee: "Marek" },
      ],
    });
    const speakers = ["Priya Castellano", "Tomasz Wójcik", "Lena Hart"];
    const { body } = composeFollowUp(household, "Priya Castellano", speakers);
    expect(body).toContain("- I will send you the transfer forms\n- Your accountant, Lena Hart, will confirm");
    expect(body).toContain("- You asked about Marek's share of the flat");
    expect(body).toContain("## What I will do\n\n- Send Lena the cost basis report");
    expect(body).toContain("## What you will do\n\n- Sign the transfer forms");
    expect(body).toContain("## Other next steps\n\n- Ask Marek about the flat (Marek)");
  });

  test("without the meeting's speakers, a household's person stays named", () => {
    const household = meeting({
      clientName: "Wójcik Household",
      keyPoints: ["Priya will send Tomasz the forms."],
    });
    expect(composeFollowUp(household, "Priya Castellano").body).toContain("I will send Tomasz the forms.");
    const labelled = composeFollowUp(household, "Priya Castellano", ["Speaker 1", "Speaker 2"]).body;
    expect(labelled).toContain("I will send Tomasz the forms.");
  });

  test("sections without items are left out", () => {
    const { body } = composeFollowUp(meeting({ actionItems: [] }), "Priya Castellano");
    expect(body).not.toContain("What I will do");
    expect(body).not.toContain("What you will do");
  });
});

describe("followUpSubject", () => {
  test("prefixes a plain title once, and never a title that is already a follow-up", () => {
    expect(followUpSubject("Annual pension check", "May 4, 2026")).toBe(
      "Follow-up: Annual pension check (May 4, 2026)",
    );
    expect(followUpSubject("Follow-up: pension check", "May 4, 2026")).toBe("Follow-up: pension check (May 4, 2026)");
    expect(followUpSubject("follow up call", "May 4, 2026")).toBe("follow up call (May 4, 2026)");
    expect(followUpSubject("Followup on fees", "May 4, 2026")).toBe("Followup on fees (May 4, 2026)");
    expect(followUpSubject("Follow-upside review", "May 4, 2026")).toBe(
      "Follow-up: Follow-upside review (May 4, 2026)",
    );
  });
});
