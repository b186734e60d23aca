import { describe, expect, test } from "bun:test";
import { advisorNames } from "./advisor-voice";
import { clientPeople, familyNames } from "./client-people";

const advisor = advisorNames("Rosa Delgado");

describe("familyNames", () => {
  test("a household or family client's family name; none for a company", () => {
    expect(familyNames("Brennan Household")).toEqual(["brennan"]);
    expect(familyNames("the Adeyemi family")).toEqual(["adeyemi"]);
    expect(familyNames("Brennan Logistics Ltd")).toEqual([]);
  });
});

describe("clientPeople", () => {
  test("speakers carrying the household's name are its people, by full name and first name", () => {
    const speakers = ["Rosa Delgado", "Aoife Brennan", "Conor Brennan"];
    expect(clientPeople("Brennan Household", speakers, advisor)).toEqual([
      "Aoife Brennan",
      "Aoife",
      "Conor Brennan",
      "Conor",
    ]);
  });

  test("an accountant in the meeting, a generic label and the advisor are not the client's people", () => {
    const speakers = ["Rosa Delgado", "Speaker 2", "Malik Osei", "Femi Adeyemi"];
    expect(clientPeople("The Adeyemi Family", speakers, advisor)).toEqual(["Femi Adeyemi", "Femi"]);
  });

  test("no one for a client that is not a household, however the speakers are named", () => {
    expect(clientPeople("Brennan Logistics Ltd", ["Rosa Delgado", "Aoife Brennan"], advisor)).toEqual([]);
  });

  test("a first name another speaker or the advisor shares stays out; the full name still counts", () => {
    const speakers = ["Rosa Delgado", "Aoife Brennan", "Aoife Clarke"];
    expect(clientPeople("Brennan Household", speakers, advisor)).toEqual(["Aoife Brennan"]);
    expect(clientPeople("Brennan Household", ["Rosa Brennan"], advisor)).toEqual([]);
  });

  test("accents written differently still match; a title is not a first name", () => {
    expect(clientPeople("Gonçalves Household", ["Ines Goncalves"], advisor)).toEqual(["Ines Goncalves", "Ines"]);
    expect(clientPeople("Brennan Household", ["Dr. Brennan"], advisor)).toEqual(["Dr. Brennan"]);
  });

  test("a speaker known by first name only cannot be told apart from a guest: left out", () => {
    expect(clientPeople("Brennan Household", ["Rosa Delgado", "Aoife"], advisor)).toEqual([]);
  });
});
