import { expect, test } from "bun:test";
import { cleanTask } from "./task-text";

const people = { speaker: "Nadia Brooks", addressee: "Owen Vance", assignee: "Nadia Brooks" };

test("the reason given with a task is no part of it", () => {
  expect(cleanTask("order a full appraisal, because that figure is used twice", people)).toBe("Order a full appraisal");
  expect(cleanTask("send the calendar invite since Priya's away", people)).toBe("Send the calendar invite");
  expect(cleanTask("book the room since Priya is traveling", people)).toBe("Book the room");
});

test("'since' and 'as' that say when or how stay", () => {
  expect(cleanTask("list every transfer since January", people)).toBe("List every transfer since January");
  expect(cleanTask("sign as trustee", people)).toBe("Sign as trustee");
  expect(cleanTask("text the group as soon as Okoro's office confirms", people)).toBe(
    "Text the group as soon as Okoro's office confirms",
  );
  expect(cleanTask("update the wills so that her share goes into the trust", people)).toBe(
    "Update the wills so that her share goes into the trust",
  );
});

test("the one spoken to, copied, is named in the list", () => {
  expect(cleanTask("send him an intro email and copy you", people)).toBe("Send him an intro email and copy Owen");
  expect(cleanTask("cc you on the reply", { ...people, assignee: "Priya Shah" })).toBe("Cc Owen on the reply");
});
