// Where a question names a client, and which capitalised words are not clients at all.
import { expect, test } from "bun:test";
import { findClientMentions } from "./client-mentions";
import { aliasesFromSpeakers, matchClients } from "./match-client";

const names = (q: string) => findClientMentions(q).map((m) => m.text);

test("a name after with/for/about, a possessive, a plural family and a 'family' name are client mentions", () => {
  expect(names("What did we agree with the Abernathys about the boat?")).toEqual(["Abernathys"]);
  expect(names("Any open tasks for Wilma Szabo?")).toEqual(["Wilma Szabo"]);
  expect(names("Where is Otto Brandt's pension statement?")).toEqual(["Otto Brandt"]);
  expect(names("When did we last see the Quist family?")).toEqual(["Quist family"]);
  expect(names("Recap our call with Dr. Imre Falk.")).toEqual(["Dr Imre Falk"]);
  expect(names("Notes from the meeting with Copperleaf Bakery & Cafe")).toEqual(["Copperleaf Bakery & Cafe"]);
});

test("a mention keeps the words saying what kind of client it is, as the user wrote them", () => {
  expect(names("When was my last meeting with the Ellsworth Family Trust?")).toEqual(["Ellsworth Family Trust"]);
  expect(names("Open tasks for the Vasko Estate, please")).toEqual(["Vasko Estate"]);
  expect(findClientMentions("Anything new from the Ellsworth Family Trust?")[0]?.names).toEqual(["ellsworth"]);
  expect(names("What did the Brandts' trust say about the cabin?")).toEqual(["Brandts"]);
});

test("months, acronyms, account kinds and a name in no client's place are not client mentions", () => {
  expect(names("Which clients did we talk to about a Roth IRA in March?")).toEqual([]);
  expect(names("What is the RMD for 2027?")).toEqual([]);
  expect(names("Who won the Stanley Cup?")).toEqual([]);
  expect(names("Translate this into German")).toEqual([]);
});

test("client names match in the plural, as a possessive plural, hyphenated, and by their people's first names", () => {
  const clients = [
    { id: 1, name: "Bo and Ines Achterberg" },
    { id: 2, name: "Dmitri Volkov and Sam Reyes" },
    { id: 3, name: "Fenwick & Sons Roofing", aliases: ["carla"] },
  ];
  expect(matchClients("the Achterbergs' rental", clients).map((c) => c.id)).toEqual([1]);
  expect(matchClients("Ask the Achterbergs", clients).map((c) => c.id)).toEqual([1]);
  expect(matchClients("the Volkov-Reyes wills", clients).map((c) => c.id)).toEqual([2]);
  expect(matchClients("What did Carla decide?", clients).map((c) => c.id)).toEqual([3]);
  expect(matchClients("Fenwick and Sons", clients).map((c) => c.id)).toEqual([3]);
});

test("a client's people are the speakers sharing its name; advisers are not", () => {
  const client = { id: 3, name: "Fenwick & Sons Roofing" };
  expect(aliasesFromSpeakers(client, ["Carla Fenwick", "Hugo Fenwick", "Nadia Osei"]).sort()).toEqual([
    "carla",
    "hugo",
  ]);
});
