import { describe, expect, test } from "bun:test";
import { advisorNames, assigneeParts, distinctiveNameWords, isAdvisorsTask, isClientsTask } from "./assignee-filter";

const advisor = advisorNames({ fullName: "Priya Natarajan", firstName: null, lastName: null, username: "priya.n" });

describe("assignee filter", () => {
  test("an assignee naming several people is split into each", () => {
    expect(assigneeParts("Leo Brandt, Mia & Sam and Ada / Bo")).toEqual(["leo brandt", "mia", "sam", "ada", "bo"]);
    expect(assigneeParts("  ")).toEqual([]);
    // "and" inside a name is not a separator.
    expect(assigneeParts("Sandra Anderson")).toEqual(["sandra anderson"]);
  });

  test("the advisor's task: their full name, first name, username, or 'me' / 'the advisor'", () => {
    for (const assignee of ["Priya Natarajan", "priya", "PRIYA.N", "Me", "the advisor", "Leo and Priya Natarajan"]) {
      expect(isAdvisorsTask(assignee, advisor)).toBe(true);
    }
    for (const assignee of ["", "Natarajan Holdings", "Leo Brandt", "Priyanka"]) {
      expect(isAdvisorsTask(assignee, advisor)).toBe(false);
    }
  });

  test("the client's task: 'the client' or a person sharing a distinctive word of the client's name", () => {
    const words = distinctiveNameWords("The Brandt Family Trust");
    expect([...words]).toEqual(["brandt"]);
    for (const assignee of ["Leo Brandt", "client", "The client", "Mia and Leo Brandt"]) {
      expect(isClientsTask(assignee, words)).toBe(true);
    }
    for (const assignee of ["", "Family office", "Priya", "Trust department"]) {
      expect(isClientsTask(assignee, words)).toBe(false);
    }
  });

  test("a long assignee is handled in one pass", () => {
    const long = `${"Leo, ".repeat(20_000)}Brandt`;
    const started = performance.now();
    expect(isClientsTask(long, distinctiveNameWords("Brandt"))).toBe(true);
    expect(isAdvisorsTask(long, advisor)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
