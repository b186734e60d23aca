import { describe, expect, test } from "bun:test";
import { tellsLifeEvent } from "./life-event";

describe("tellsLifeEvent", () => {
  test("health, school, family, work and a move are life events", () => {
    expect(tellsLifeEvent("My husband had a pacemaker fitted in March.")).toBe(true);
    expect(tellsLifeEvent("He had surgery on his hip last spring.")).toBe(true);
    expect(tellsLifeEvent("Last winter I had a stent put in.")).toBe(true);
    expect(tellsLifeEvent("Her father was diagnosed with diabetes in the fall.")).toBe(true);
    expect(tellsLifeEvent("Priyanka got into Oberlin, we heard on Monday!")).toBe(true);
    expect(tellsLifeEvent("Our granddaughter was born in July.")).toBe(true);
    expect(tellsLifeEvent("My brother passed away in the spring.")).toBe(true);
    expect(tellsLifeEvent("Dev was laid off from the plant in August.")).toBe(true);
    expect(tellsLifeEvent("She's retiring at the end of the school year.")).toBe(true);
    expect(tellsLifeEvent("We're moving to Tucson after the sale.")).toBe(true);
  });

  test("someone agreeing to take a role is a life event of the plan", () => {
    expect(tellsLifeEvent("Good news, my cousin and her husband said yes.")).toBe(true);
    expect(tellsLifeEvent("Olga agreed to be the executor.")).toBe(true);
  });

  test("a plan's documents signed or recorded are an event of the plan", () => {
    expect(tellsLifeEvent("You two signed the new wills at our office in May.")).toBe(true);
    expect(tellsLifeEvent("The deed was recorded with the county last week.")).toBe(true);
    expect(tellsLifeEvent("We need a signed copy of the lease.")).toBe(false);
  });

  test("a case, a question or a filing status is not an event", () => {
    expect(tellsLifeEvent("If he had a stroke, who would sign for him?")).toBe(false);
    expect(tellsLifeEvent("Say you got divorced, the house would be split.")).toBe(false);
    expect(tellsLifeEvent("Did she get into the state school?")).toBe(false);
    expect(tellsLifeEvent("Marta, heaven forbid, you have a stroke on the drive home.")).toBe(false);
    expect(tellsLifeEvent("The policy pays out even if she gets divorced later.")).toBe(false);
    expect(tellsLifeEvent("You file married filing jointly.")).toBe(false);
    expect(tellsLifeEvent("The death benefit is paid to the trust.")).toBe(false);
  });
});
