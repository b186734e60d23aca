import { describe, expect, test } from "bun:test";
import { advisorNames, assigneeRole, inAdvisorVoice, type Voice } from "./advisor-voice";

const voice: Voice = { advisor: advisorNames("Priya Castellano"), client: ["Okafor Household"] };

describe("inAdvisorVoice", () => {
  test("the advisor opening a sentence becomes I, with the verb agreeing", () => {
    expect(inAdvisorVoice("Priya Castellano will send the renewal forms.", voice)).toBe(
      "I will send the renewal forms.",
    );
    expect(inAdvisorVoice("Priya recommends a smaller bond ladder.", voice)).toBe("I recommend a smaller bond ladder.");
    expect(inAdvisorVoice("The fees were agreed. Priya is checking the tax lots.", voice)).toBe(
      "The fees were agreed. I am checking the tax lots.",
    );
    expect(inAdvisorVoice("The advisor has the statements.", voice)).toBe("I have the statements.");
  });

  test("the client opening a sentence becomes you; as an object, you; possessive, your", () => {
    expect(inAdvisorVoice("The client is worried about fees.", voice)).toBe("You are worried about fees.");
    expect(inAdvisorVoice("Okafor Household approves the plan.", voice)).toBe("You approve the plan.");
    expect(inAdvisorVoice("Priya will call the client on Friday.", voice)).toBe("I will call you on Friday.");
    expect(inAdvisorVoice("Review the client's pension transfer.", voice)).toBe("Review your pension transfer.");
    expect(inAdvisorVoice("Send the checklist to Okafor Household.", voice)).toBe("Send the checklist to you.");
  });

  test("the advisor as an object becomes me; possessive, my", () => {
    expect(inAdvisorVoice("Forward the deed to Priya.", voice)).toBe("Forward the deed to me.");
    expect(inAdvisorVoice("Get Priya the last three statements.", voice)).toBe("Get me the last three statements.");
    expect(inAdvisorVoice("Email Priya a short list and copy Priya Castellano", voice)).toBe(
      "Email me a short list and copy me",
    );
    expect(inAdvisorVoice("Priya's team will prepare it.", voice)).toBe("My team will prepare it.");
  });

  test("names inside other words, and places the rewrite would not read well, stay as written", () => {
    expect(inAdvisorVoice("Priyanka joined late.", voice)).toBe("Priyanka joined late.");
    expect(inAdvisorVoice("Priya and the client agreed on a date.", voice)).toBe(
      "Priya and the client agreed on a date.",
    );
    expect(inAdvisorVoice("Nothing about anyone here.", voice)).toBe("Nothing about anyone here.");
  });

  test("a household's person who was in the meeting is addressed as you, in every place the client is", () => {
    const household: Voice = { ...voice, people: ["Chidi Okafor", "Chidi"] };
    expect(inAdvisorVoice("Priya will send Chidi the transfer forms.", household)).toBe(
      "I will send you the transfer forms.",
    );
    expect(inAdvisorVoice("Chidi Okafor prefers a monthly call.", household)).toBe("You prefer a monthly call.");
    expect(inAdvisorVoice("Check Chidi's pension age.", household)).toBe("Check your pension age.");
    // Without the meeting's people the first name is no one the draft knows: left as written.
    expect(inAdvisorVoice("Priya will send Chidi the transfer forms.", voice)).toBe(
      "I will send Chidi the transfer forms.",
    );
  });

  test("mid-sentence, a name that leads a verb is the subject of its clause: I or you, the verb agreed", () => {
    const household: Voice = { ...voice, people: ["Chidi Okafor", "Chidi"] };
    expect(inAdvisorVoice("Send the summary, if Chidi is okay with that.", household)).toBe(
      "Send the summary, if you are okay with that.",
    );
    expect(inAdvisorVoice("Show which account Chidi draws from first.", household)).toBe(
      "Show which account you draw from first.",
    );
    expect(inAdvisorVoice("Have the forms ready so Priya can sign them.", voice)).toBe(
      "Have the forms ready so I can sign them.",
    );
    const couple: Voice = { ...voice, client: ["Chidi and Grace Okafor", "Chidi and Grace"] };
    expect(inAdvisorVoice("Tell the bank Chidi and Grace are ready.", couple)).toBe("Tell the bank you are ready.");
    // A name before a word that is no verb stays: "Chidi Mensah", "Chidi papers" are no clause of Chidi's.
    expect(inAdvisorVoice("Ask whether Chidi paperwork arrived.", household)).toBe(
      "Ask whether Chidi paperwork arrived.",
    );
  });

  test("a first name followed by another surname is someone else of that name: left as written", () => {
    const household: Voice = { ...voice, people: ["Chidi Okafor", "Chidi"] };
    expect(inAdvisorVoice("Priya will call Chidi Mensah at the bank.", household)).toBe(
      "I will call Chidi Mensah at the bank.",
    );
    expect(inAdvisorVoice("Priya Nakamura from compliance joined.", voice)).toBe(
      "Priya Nakamura from compliance joined.",
    );
  });

  test("runs in linear time over a long text full of near-matches", () => {
    const long = "Priy Priya's Priyaa the clien the client's ".repeat(20_000);
    const started = performance.now();
    inAdvisorVoice(long, voice);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("assigneeRole", () => {
  test("the advisor by full or first name, or 'me'; the client by name or one of its people; anyone else", () => {
    expect(assigneeRole("Priya Castellano", voice)).toBe("advisor");
    expect(assigneeRole("priya", voice)).toBe("advisor");
    expect(assigneeRole("Me", voice)).toBe("advisor");
    expect(assigneeRole("Okafor Household", voice)).toBe("client");
    expect(assigneeRole("Chidi Okafor", voice)).toBe("client");
    expect(assigneeRole("Client", voice)).toBe("client");
    expect(assigneeRole("Tom from the bank", voice)).toBe("other");
    expect(assigneeRole(undefined, voice)).toBe("other");
  });

  test("a household's person from the meeting by first name alone is the client", () => {
    const household: Voice = { ...voice, people: ["Chidi Okafor", "Chidi"] };
    expect(assigneeRole("Chidi", household)).toBe("client");
    expect(assigneeRole("Chidi", voice)).toBe("other");
  });

  test("a client name's generic words (family, trust) do not make a stranger the client", () => {
    const trust: Voice = { advisor: ["Priya"], client: ["Lindqvist Family Trust"] };
    expect(assigneeRole("Family Office Ltd", trust)).toBe("other");
    expect(assigneeRole("Anna Lindqvist", trust)).toBe("client");
  });
});
