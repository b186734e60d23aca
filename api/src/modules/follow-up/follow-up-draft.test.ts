import { beforeAll, describe, expect, test } from "bun:test";
import { loadWordKinds } from "@cm/ai/local";
import type { MeetingDocument } from "../export/meeting-document";
import { composeFollowUp, followUpSubject } from "./follow-up-draft";

// As the service composes it: with the lexicon loaded (a topic list lowers words, not names).
beforeAll(loadWordKinds);

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
  test("is written in the advisor's voice: thanks naming the subject, what I will do, what you agreed to do", () => {
    const { body } = composeFollowUp(meeting(), "Priya Castellano");
    expect(body).toStartWith(
      "Hello Okafor Household,\n\nThank you for meeting with me on May 4, 2026 about Annual pension check.\n",
    );
    expect(body).toContain("## What I will do\n\n- Send the provider comparison to you (by May 11, 2026)");
    expect(body).toContain("## What you agreed to do\n\n- Find last year's statement");
    expect(body).not.toContain("Priya Castellano will");
    expect(body).toEndWith("Best regards,\nPriya Castellano");
  });

  test("a task naming its own speaker's brother or notes says 'your' and 'my' in the letter", () => {
    const { body } = composeFollowUp(
      meeting({
        clientName: "Ruth Alvarez",
        actionItems: [
          { task: "Forward Priya's notes from the call to Ruth", assignee: "Priya Castellano" },
          { task: "Send Ruth Priya's draft", assignee: "Priya Castellano" },
          { task: "Ask Ruth's brother Tomas for the deed", assignee: "Ruth Alvarez" },
        ],
      }),
      "Priya Castellano",
      ["Priya Castellano", "Ruth Alvarez"],
    );
    expect(body).toContain("## What I will do\n\n- Forward my notes from the call to you\n- Send you my draft\n");
    expect(body).toContain("## What you agreed to do\n\n- Ask your brother Tomas for the deed\n");
  });

  test("a task said as what, without the act, is the owner's to handle, as the notes write it", () => {
    const { body } = composeFollowUp(
      meeting({
        actionItems: [{ task: "The fee comparison, flat fee versus hourly", assignee: "Priya Castellano" }],
      }),
      "Priya Castellano",
    );
    expect(body).toContain("## What I will do\n\n- Handle the fee comparison, flat fee versus hourly\n");
  });

  test("the client's own tasks say 'your': a task list's 'their' is the client's in a letter to them", () => {
    const { body } = composeFollowUp(
      meeting({ actionItems: [{ task: "Upload their latest pay stub", assignee: "Chidi Okafor" }] }),
      "Priya Castellano",
    );
    expect(body).toContain("## What you agreed to do\n\n- Upload your latest pay stub");
    expect(body).not.toContain("their");
  });

  test("says a task's day once: the task's own deadline gives way to the due date", () => {
    const { body } = composeFollowUp(
      meeting({
        actionItems: [
          { task: "Return the questionnaire by the 11th", assignee: "Chidi Okafor", dueDate: "2026-05-11" },
        ],
      }),
      "Priya Castellano",
    );
    expect(body).toContain("- Return the questionnaire (by May 11, 2026)");
    expect(body).not.toContain("by the 11th");
  });

  test("says only the record's parts: no key points, no summary, nobody else's steps", () => {
    const { body } = composeFollowUp(
      meeting({
        executiveSummary: "Purpose: annual pension check. Priya Castellano and Chidi Okafor met.",
        decisions: ["Keep the county pension as it is"],
      }),
      "Priya Castellano",
    );
    expect(body).toContain("## What we decided\n\n- Keep the county pension as it is\n\n## What I will do");
    expect(body).not.toContain("Purpose:");
    expect(body).not.toContain("met.");
    // Key points are the notes' account of the conversation, a surveyor's task is the surveyor's: the meeting page has them.
    expect(body).not.toContain("compare two providers");
    expect(body).not.toContain("rental flat");
    expect(body).not.toMatch(/^(?:- )?\p{Lu}\p{Ll}+: /mu);
  });

  test("a couple's first names, as the notes write them, are addressed as you", () => {
    const couple = meeting({
      clientName: "Walt and June Pemberton",
      decisions: ["Walt and June's cabin is sold for $459,000", "The client keeps the savings account"],
    });
    const { body } = composeFollowUp(couple, "Priya Castellano");
    expect(body).toContain("- Your cabin is sold for $459,000\n- You keep the savings account");
  });

  test("a household's person who spoke is addressed as you; someone else's task stays out", () => {
    const household = meeting({
      clientName: "Wójcik Household",
      decisions: ["Priya will send Tomasz the transfer forms"],
      actionItems: [
        { task: "Sign the transfer forms", assignee: "Tomasz" },
        { task: "Send Lena the cost basis report", assignee: "Priya Castellano" },
        { task: "Ask Marek about the flat", assignee: "Marek" },
      ],
    });
    const speakers = ["Priya Castellano", "Tomasz Wójcik", "Lena Hart"];
    const { body } = composeFollowUp(household, "Priya Castellano", speakers);
    expect(body).toContain("## What we decided\n\n- I will send you the transfer forms");
    expect(body).toContain("## What I will do\n\n- Send Lena the cost basis report");
    expect(body).toContain("## What you agreed to do\n\n- Sign the transfer forms");
    expect(body).not.toContain("Marek");
  });

  test("a colleague or adviser who was in the meeting: their task names them; someone only talked of stays out", () => {
    const review = meeting({
      clientName: "Chidi and Grace Okafor",
      actionItems: [
        { task: "Send Grace the estimated payment amounts", assignee: "Tomás Reyes", dueDate: "2026-05-15" },
        { task: "Draft the trust", assignee: "Ruth" },
        { task: "Finalizing the pour-over will", assignee: "Ruth Abernathy" },
        { task: "The Roth conversion model, with the brackets", assignee: "Tomás" },
        { task: "Book the capacity evaluation", assignee: "Bridget Sandoval (Guest)" },
        { task: "File the amended return", assignee: "Harold" },
        { task: "Check the rollover", assignee: "Speaker 3" },
      ],
    });
    const speakers = ["Priya Castellano", "Chidi Okafor", "Grace Okafor", "Tomás Reyes", "Ruth Abernathy", "Speaker 3"];
    speakers.push("Bridget Sandoval (Guest)");
    const { body } = composeFollowUp(review, "Priya Castellano", speakers);
    expect(body).toContain(
      "## What others will do\n\n- Tomás Reyes will send Grace the estimated payment amounts (by May 15, 2026)\n" +
        "- Ruth Abernathy will draft the trust\n- Finalizing the pour-over will (Ruth Abernathy)\n" +
        "- Tomás Reyes will handle the Roth conversion model, with the brackets\n" +
        "- Bridget Sandoval will book the capacity evaluation\n\n",
    );
    expect(body).not.toContain("amended return");
    expect(body).not.toContain("rollover");
    // Without the speakers nobody is known to have been there: the section is left out.
    expect(composeFollowUp(review, "Priya Castellano").body).not.toContain("What others will do");
  });

  test("in a recording without speaker labels, someone spoken to by name was there: their task names them", () => {
    const unlabelled = meeting({
      clientName: "Ben and Alicia Marsh",
      actionItems: [
        { task: "Open the savings account and move the gift money over", assignee: "Hank" },
        { task: "Change the beneficiary on their pension", assignee: "Ben" },
        { task: "Send the deed to the county", assignee: "Lorna" },
      ],
      transcript: [
        { start: 0, speaker: null, text: "Morning, both of you. Hank, good of you to drive over." },
        { start: 9, speaker: null, text: "Could you open the savings account? Thanks, Hank." },
        { start: 20, speaker: null, text: "Lorna said she would send the deed." },
      ],
    });
    const { body } = composeFollowUp(unlabelled, "Priya Castellano", []);
    expect(body).toContain(
      "## What others will do\n\n- Hank will open the savings account and move the gift money over\n",
    );
    // Lorna is only talked about: nothing says she was there.
    expect(body).not.toContain("deed");
    // One of the two addressees, named: "your" would be both of theirs.
    expect(body).toContain("## What you agreed to do\n\n- Ben will change the beneficiary on their pension\n");
  });

  test("one of a couple met alone is 'you', their own 'his' too; the other is named", () => {
    const couple = meeting({
      clientName: "Tom Brennan and Luis Ortiz",
      actionItems: [
        { task: "Call his doctor's office about the records", assignee: "Tom Brennan" },
        { task: "Find out whether Walter took his distribution", assignee: "Tom" },
        { task: "Sign the consent form", assignee: "Luis Ortiz" },
        { task: "Send Tom the draft", assignee: "Priya Castellano" },
      ],
    });
    const { body } = composeFollowUp(couple, "Priya Castellano", ["Priya Castellano", "Tom Brennan"]);
    expect(body).toStartWith("Hello Tom,");
    expect(body).toContain("## What I will do\n\n- Send you the draft\n");
    expect(body).toContain(
      "## What you agreed to do\n\n- Call your doctor's office about the records\n" +
        // After another name, "his" is that person's.
        "- Find out whether Walter took his distribution\n" +
        "- Luis will sign the consent form\n",
    );
  });

  test("a letter to the one person met for a trust says 'you' for them, in others' tasks too", () => {
    const trust = meeting({
      clientName: "Fairweather Trust",
      actionItems: [
        { task: "Send Hugh the estimated payment figures", assignee: "Mara Quinn" },
        { task: "Sign the trustee certification", assignee: "Hugh Fairweather" },
      ],
    });
    const speakers = ["Priya Castellano", "Hugh Fairweather", "Mara Quinn"];
    const { body } = composeFollowUp(trust, "Priya Castellano", speakers);
    expect(body).toStartWith("Hello Hugh,");
    expect(body).toContain("## What you agreed to do\n\n- Sign the trustee certification\n");
    expect(body).toContain("## What others will do\n\n- Mara Quinn will send you the estimated payment figures\n");
  });

  test("without the meeting's speakers, a household's person stays named", () => {
    const household = meeting({ clientName: "Wójcik Household", decisions: ["Priya will send Tomasz the forms."] });
    expect(composeFollowUp(household, "Priya Castellano").body).toContain("- I will send Tomasz the forms");
    const labelled = composeFollowUp(household, "Priya Castellano", ["Speaker 1", "Speaker 2"]).body;
    expect(labelled).toContain("- I will send Tomasz the forms");
  });

  test("sections without items are left out", () => {
    const { body } = composeFollowUp(meeting({ actionItems: [] }), "Priya Castellano");
    expect(body).not.toContain("What I will do");
    expect(body).not.toContain("What you agreed to do");
    expect(body).not.toContain("What we decided");
  });

  test("the next meeting: its day and time, and what it is for, said as the notes say it", () => {
    const next = { date: "2026-06-02", time: "14:30", topics: ["Pension transfer", "Fees"] };
    const { body } = composeFollowUp(meeting({ nextMeeting: next }), "Priya Castellano");
    expect(body).toContain(
      "## Next meeting\n\nWe plan to meet again on June 2, 2026 at 14:30 to cover the pension transfer and the fees.\n",
    );
    const undated = composeFollowUp(meeting({ nextMeeting: { date: null, topics: ["Fees"] } }), "Priya Castellano");
    expect(undated.body).toContain("## Next meeting\n\nAt our next meeting, we plan to cover the fees.\n");
    // A topic that names the kind of meeting is said with its day.
    const call = { date: "2026-06-02", time: "14:30", topics: ["Check-in call", "Fees"] };
    expect(composeFollowUp(meeting({ nextMeeting: call }), "Priya Castellano").body).toContain(
      "We plan to meet again on June 2, 2026 at 14:30, a check-in call to cover the fees.\n",
    );
    // One word is a thing to cover, never an order: not "Topics to include: Draft."
    const draft = { date: "2026-10-28", time: "17:30", topics: ["Draft"] };
    const drafted = composeFollowUp(meeting({ nextMeeting: draft }), "Priya Castellano").body;
    expect(drafted).toContain("We plan to meet again on October 28, 2026 at 17:30 to cover the draft.\n");
    // Every topic the advisor kept is in the letter, not only the three the summary's line says.
    const many = { date: "2026-10-28", topics: ["Fees", "Pension transfer", "Beneficiaries", "Estimated payments"] };
    expect(composeFollowUp(meeting({ nextMeeting: many }), "Priya Castellano").body).toContain(
      "to cover the fees, the pension transfer, the beneficiaries and the estimated payments.\n",
    );
    // An act keeps its verb: "to sign the will".
    const signing = { date: "2026-10-28", time: "17:30", topics: ["Sign the will"] };
    expect(composeFollowUp(meeting({ nextMeeting: signing }), "Priya Castellano").body).toContain(
      "at 17:30 to sign the will.\n",
    );
  });
});

// Issue 38's findings, each as the notes held it: the draft sent them under the advisor's name.
describe("only what the advisor can stand behind", () => {
  const couple = (overrides: Partial<MeetingDocument>) =>
    meeting({ clientName: "Chidi and Grace Okafor", actionItems: [], ...overrides });
  const speakers = ["Priya Castellano", "Chidi Okafor", "Grace Okafor"];

  test("a question is never sent back to the client", () => {
    const doc = couple({
      actionItems: [
        {
          task: "Ask: did Chidi and Grace make the 4,200 estimated payment after our last meeting?",
          assignee: "Priya",
        },
        { task: "File the amended return", assignee: "Priya Castellano" },
      ],
      decisions: ["Should the estimated payments go up?"],
    });
    const { body } = composeFollowUp(doc, "Priya Castellano", speakers);
    expect(body).not.toContain("?");
    expect(body).toContain("## What I will do\n\n- File the amended return\n");
  });

  test("a client's own words are not put in the advisor's mouth", () => {
    const said = "I'll tell the roofer to keep it under 15,000, then.";
    const doc = couple({
      decisions: [said, "Keep the roof budget under $15,000"],
      actionItems: [{ task: said, assignee: "Priya Castellano" }],
      transcript: [
        { start: 0, speaker: "Priya Castellano", text: "What did the roofer quote?" },
        { start: 4, speaker: "Chidi Okafor", text: `About eighteen. Okay. ${said}` },
      ],
    });
    const { body } = composeFollowUp(doc, "Priya Castellano", speakers);
    expect(body).not.toContain("roofer");
    expect(body).toContain("## What we decided\n\n- Keep the roof budget under $15,000\n");
  });

  test("an account number goes out masked to its last four digits", () => {
    const doc = couple({
      actionItems: [{ task: "Send Margaret the account number 4471-0038-2291", assignee: "Priya Castellano" }],
      title: "Account 4471003822 transfer",
    });
    const { subject, body } = composeFollowUp(doc, "Priya Castellano", speakers);
    expect(body).toContain("- Send Margaret the account number •••• 2291");
    expect(body).toContain("about Account •••• 3822 transfer.");
    expect(subject).toBe("Follow-up: Account •••• 3822 transfer (May 4, 2026)");
    expect(`${subject}${body}`).not.toMatch(/\d{5}/);
  });

  test("an item without an assignee stays on the meeting page, never '(Unassigned)'", () => {
    const doc = couple({
      actionItems: [
        { task: "Order the appraisal", assignee: "" },
        { task: "Find the deed", assignee: "Unassigned" },
        { task: "Book the notary", assignee: "Chidi" },
      ],
    });
    const { body } = composeFollowUp(doc, "Priya Castellano", speakers);
    expect(body).not.toContain("Unassigned");
    expect(body).not.toContain("appraisal");
    expect(body).not.toContain("deed");
    expect(body).toContain("## What you agreed to do\n\n- Chidi will book the notary\n");
  });

  test("in a letter to both spouses, one spouse's task names that spouse; a task of both is theirs", () => {
    const doc = couple({
      actionItems: [
        { task: "Update her 403(b) beneficiary", assignee: "Grace", dueDate: "2026-06-01" },
        { task: "Bring both passports", assignee: "Chidi and Grace" },
        { task: "IRA statement for 2025", assignee: "Chidi Okafor" },
        { task: "Getting two more roof quotes", assignee: "Grace Okafor" },
      ],
    });
    const { body } = composeFollowUp(doc, "Priya Castellano", speakers);
    expect(body).toContain(
      "## What you agreed to do\n\n- Grace will update her 403(b) beneficiary (by June 1, 2026)\n" +
        "- Bring both passports\n- IRA statement for 2025 (Chidi)\n- Getting two more roof quotes (Grace)\n",
    );
  });
});

test("in a letter greeting the family who spoke for an estate, each one's task names them", () => {
  const doc = meeting({
    clientName: "Estate of Arthur Vance",
    actionItems: [
      { task: "Pull five years of bank statements", assignee: "Lena Vance" },
      { task: "Write Priya a note about the car loan", assignee: "Paul Vance" },
    ],
  });
  const { body } = composeFollowUp(doc, "Priya Castellano", ["Priya Castellano", "Lena Vance", "Paul Vance (Guest)"]);
  expect(body).toStartWith("Hello Lena and Paul,");
  expect(body).toContain(
    "## What you agreed to do\n\n- Lena will pull five years of bank statements\n- Paul will write me a note about the car loan\n",
  );
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

  test("the advisor's own tasks stay when the account's name is not the name spoken in the meeting", () => {
    const { body } = composeFollowUp(
      meeting({
        clientName: "Tamsin Reyes",
        actionItems: [
          { task: "Send the updated trust draft", assignee: "Odette Lune" },
          { task: "Find the old deed", assignee: "Tamsin Reyes" },
        ],
        transcript: [
          {
            start: 0,
            speaker: "Odette Lune",
            text: "Thanks for coming in. I'll send the updated trust draft this week.",
          },
          { start: 5, speaker: "Tamsin Reyes", text: "Good. I'll find the old deed." },
          { start: 9, speaker: "Odette Lune", text: "Perfect, then we are set for today." },
        ],
      }),
      "Practice Account",
      ["Odette Lune", "Tamsin Reyes"],
    );
    expect(body).toContain("## What I will do\n\n- Send the updated trust draft");
    expect(body).toContain("## What you agreed to do\n\n- Find the old deed");
  });

  test("greets the people met, not the name the client is filed under", () => {
    const { body } = composeFollowUp(
      meeting({ clientName: "Wren Abara (Idris and Lola Abara)", actionItems: [] }),
      "Priya Castellano",
      ["Priya Castellano", "Idris Abara", "Lola Abara"],
    );
    expect(body).toStartWith("Hello Idris and Lola,");
  });

  test("greets the family who came for an estate or a company, not the name it is filed under", () => {
    const greeting = (clientName: string, speakers: string[]) =>
      composeFollowUp(meeting({ clientName, actionItems: [] }), "Nadia Brooks", speakers).body.split("\n")[0];
    expect(greeting("Estate of Harold Vance", ["Nadia Brooks", "Owen Vance", "Tess Vance-Moreau", "Ravi Patel"])).toBe(
      "Hello Owen and Tess,",
    );
    expect(greeting("Marsh Tooling Inc.", ["Nadia Brooks", "Gil Marsh"])).toBe("Hello Gil,");
    // The advisor's side never, and nobody of the family: the client's name.
    expect(greeting("Estate of Harold Vance", ["Nadia Brooks", "Ravi Patel"])).toBe("Hello Estate of Harold Vance,");
    expect(greeting("Brooks Family Trust", ["Nadia Brooks", "Ravi Patel"])).toBe("Hello Brooks Family Trust,");
  });

  test("without speaker labels, a client filed as people is greeted by first names; a firm or a trust whole", () => {
    const greeting = (clientName: string) =>
      composeFollowUp(meeting({ clientName, actionItems: [] }), "Nadia Brooks", []).body.split("\n")[0];
    expect(greeting("Margaret Lindqvist")).toBe("Hello Margaret,");
    expect(greeting("Hollis & Daughters Mechanical")).toBe("Hello Hollis & Daughters Mechanical,");
    expect(greeting("Brooks Family Trust")).toBe("Hello Brooks Family Trust,");
    expect(greeting("Ben and Alicia Marsh")).toBe("Hello Ben and Alicia,");
  });
});
