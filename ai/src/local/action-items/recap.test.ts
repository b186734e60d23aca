// An adviser's closing recap read as commitments: frames ("For me:", "For you, Name:"), third-person present
// ("Omar orders…"), named people who are not in the meeting, "you two", decisions skipped, repeats merged.
import { expect, test } from "bun:test";
import { itemsFromLines } from "../../../test-support/action-item-lines";

const ADVISER = "Helen Brook";
const CLIENT = "Omar Said";

test("'for me' tasks go to the speaker, 'for you, Name' imperatives to the person named", () => {
  const items = itemsFromLines([
    [CLIENT, "That all sounds fine to me."],
    [ADVISER, "Okay, let me recap."],
    [ADVISER, "For me: I'll send you the revised fee schedule by tomorrow."],
    [ADVISER, "And for you, Omar: upload the two brokerage statements to the portal."],
    [ADVISER, "Phone the pension office this week about the transfer value."],
    [ADVISER, "And open the health savings account at your credit union."],
    [CLIENT, "Got it."],
  ]);
  expect(items).toEqual([
    { task: "Send Omar the revised fee schedule by tomorrow", assignee: ADVISER, dueDate: "2025-09-11" },
    { task: "Upload the two brokerage statements to the portal", assignee: CLIENT },
    { task: "Phone the pension office this week about the transfer value", assignee: CLIENT },
    { task: "Open the health savings account at their credit union", assignee: CLIENT },
  ]);
});

test("setting the next meeting after a recap is no one's task", () => {
  const items = itemsFromLines([
    [ADVISER, "Okay, let me recap. For me: the updated income plan, year by year."],
    [ADVISER, "Let's meet again on Tuesday the 16th at ten to go through it."],
  ]);
  expect(items).toEqual([{ task: "The updated income plan, year by year", assignee: ADVISER }]);
});

test("third-person recap lines: the named subject does it, a name after the verb receives it", () => {
  const items = itemsFromLines([
    [ADVISER, "Next steps."],
    [ADVISER, "Omar orders the roof survey in the next two weeks."],
    [ADVISER, "Tariq sends Omar a document list by the 19th, and he's preparing the amended return."],
    [ADVISER, "Omar's calling his sister this weekend."],
    [CLIENT, "Right."],
  ]);
  expect(items).toEqual([
    { task: "Order the roof survey in the next two weeks", assignee: CLIENT, dueDate: "2025-09-24" },
    { task: "Send Omar a document list by the 19th", assignee: "Tariq", dueDate: "2025-09-19" },
    { task: "Prepare the amended return", assignee: "Tariq" },
    { task: "Call his sister this weekend", assignee: CLIENT },
  ]);
});

test("a second verb of the same recap line is in its base form too", () => {
  const items = itemsFromLines([
    [ADVISER, "Next steps."],
    [ADVISER, "Omar opens a new checking account and moves the savings into it."],
    [CLIENT, "Right."],
  ]);
  expect(items.map((i) => i.task)).toEqual(["Open a new checking account and move the savings into it"]);
});

test("'for you two' is both clients (a couple shares a family name); 'it' takes the thing named before", () => {
  const items = itemsFromLines([
    ["Mina Park", "We can both sign next week."],
    ["Joon Park", "Yes."],
    [ADVISER, "Let me recap."],
    [ADVISER, "For you two: sign the trust certification by the 15th."],
    [ADVISER, "I send the updated quarterly tax estimate by Friday, and Mina pays it."],
  ]);
  expect(items).toEqual([
    { task: "Sign the trust certification by the 15th", assignee: "Mina Park and Joon Park", dueDate: "2025-09-15" },
    { task: "Send the updated quarterly tax estimate by Friday", assignee: ADVISER, dueDate: "2025-09-12" },
    { task: "Pay the updated quarterly tax estimate", assignee: "Mina Park" },
  ]);
});

test("a decisions part of the recap is not read as tasks; items after it are", () => {
  const items = itemsFromLines([
    [CLIENT, "Shall we wrap up?"],
    [ADVISER, "Quick recap."],
    [ADVISER, "Decisions: Omar keeps the rental in his own name, and we're going with the level term policy."],
    [ADVISER, "To-dos."],
    [ADVISER, "Omar forwards the lease to me."],
  ]);
  expect(items).toEqual([{ task: "Forward the lease to Helen", assignee: CLIENT }]);
});

test("a task said in the meeting and again in the recap is one item, in the recap's words", () => {
  const items = itemsFromLines([
    [ADVISER, "I can pull together the annuity surrender quotes."],
    [ADVISER, "Yes, I'll get the annuity surrender quotes to you."],
    [CLIENT, "Thanks."],
    [ADVISER, "So, to recap: I'm requesting the annuity surrender quotes from both carriers by Monday."],
  ]);
  expect(items).toEqual([
    {
      task: "Request the annuity surrender quotes from both carriers by Monday",
      assignee: ADVISER,
      dueDate: "2025-09-15",
    },
  ]);
});

test("a recap ends when its sentences stop looking like one", () => {
  const items = itemsFromLines([
    [ADVISER, "Let me recap."],
    [ADVISER, "Omar sends the signed beneficiary form."],
    [CLIENT, "Such a busy month."],
    [CLIENT, "My daughter moves out soon."],
    [CLIENT, "Her brother visits on the weekend."],
    [CLIENT, "Lena packs the car in the morning."],
  ]);
  expect(items).toEqual([{ task: "Send the signed beneficiary form", assignee: CLIENT }]);
});

test("a gapped list ('the forms today, and the deed by Monday') is two tasks with the same verb", () => {
  const items = itemsFromLines([
    [ADVISER, "Let me recap."],
    [ADVISER, "For me: I'll send the transfer forms this afternoon, and the deed by Monday."],
  ]);
  expect(items).toEqual([
    { task: "Send the transfer forms this afternoon", assignee: ADVISER, dueDate: "2025-09-10" },
    { task: "Send the deed by Monday", assignee: ADVISER, dueDate: "2025-09-15" },
  ]);
});

test("'Name also…' is another task of Name's; 'she'll have a draft in four weeks' is a timeline", () => {
  const items = itemsFromLines([
    [CLIENT, "Sounds like a plan."],
    [ADVISER, "Action items."],
    [ADVISER, "Omar starts the property inventory, and he'll have a first list in about two weeks."],
    [ADVISER, "Omar also checks the title insurance policy."],
    [ADVISER, "Tariq files the extension request."],
  ]);
  expect(items).toEqual([
    { task: "Start the property inventory", assignee: CLIENT },
    { task: "Check the title insurance policy", assignee: CLIENT },
    { task: "File the extension request", assignee: "Tariq" },
  ]);
});

test("under a frame, a list of things is one task each", () => {
  const items = itemsFromLines([
    [CLIENT, "Great."],
    [ADVISER, "Let me recap."],
    [ADVISER, "For me: the cash-flow projection, and the umbrella policy quotes."],
    [ADVISER, "For Tariq: the amended return."],
  ]);
  expect(items).toEqual([
    { task: "The cash-flow projection", assignee: ADVISER },
    { task: "The umbrella policy quotes", assignee: ADVISER },
    { task: "The amended return", assignee: "Tariq" },
  ]);
});

test("after a recap of six tasks, the body adds only tasks said with a deadline", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll look into the old annuity contract."],
    [ADVISER, "I'll send the rollover paperwork by the 19th."],
    [CLIENT, "Great."],
    [ADVISER, "Let me recap."],
    [ADVISER, "Omar signs the transfer form."],
    [ADVISER, "Omar uploads the bank statements."],
    [ADVISER, "Tariq files the extension request."],
    [ADVISER, "Tariq orders the home appraisal."],
    [ADVISER, "Lena books the notary appointment."],
    [ADVISER, "Lena mails the signed deed."],
  ]);
  expect(items.map((item) => item.task)).toEqual([
    "Send the rollover paperwork by the 19th",
    "Sign the transfer form",
    "Upload the bank statements",
    "File the extension request",
    "Order the home appraisal",
    "Book the notary appointment",
    "Mail the signed deed",
  ]);
});

test("a recap item listed as a thing alone takes its verb from the meeting, where it was said with one", () => {
  const items = itemsFromLines([
    [ADVISER, "I'm going to draw up the cash-flow projection, month by month, with every account."],
    [CLIENT, "Great."],
    [ADVISER, "Let me recap."],
    [ADVISER, "For me: the cash-flow projection, month by month, and the umbrella policy quotes."],
    [ADVISER, "For Tariq: the amended return."],
  ]);
  expect(items).toEqual([
    { task: "Draw up the cash-flow projection, month by month, with every account", assignee: ADVISER },
    { task: "The umbrella policy quotes", assignee: ADVISER },
    { task: "The amended return", assignee: "Tariq" },
  ]);
});

test("after a recap of six tasks, an undated task said before still gives its verb to the thing the recap lists", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll price out the umbrella policy with two carriers."],
    [ADVISER, "I'll look into the old annuity contract."],
    [CLIENT, "Great."],
    [ADVISER, "Let me recap."],
    [ADVISER, "For me: the umbrella policy quotes."],
    [ADVISER, "Omar signs the transfer form."],
    [ADVISER, "Omar uploads the bank statements."],
    [ADVISER, "Tariq files the extension request."],
    [ADVISER, "Lena books the notary appointment."],
    [ADVISER, "Lena mails the signed deed."],
  ]);
  expect(items.map((item) => item.task)).toEqual([
    "Price out the umbrella policy with two carriers",
    "Sign the transfer form",
    "Upload the bank statements",
    "File the extension request",
    "Book the notary appointment",
    "Mail the signed deed",
  ]);
});

test("in a recap said to the room, 'you' is the client, not the colleague who spoke last", () => {
  const COLLEAGUE = "Tariq Noon";
  const items = itemsFromLines(
    [
      [CLIENT, "I'm not planning on it."],
      [COLLEAGUE, "We'd look at it again if that changed."],
      [ADVISER, "Okay, let me recap. For me: I'll send you the transfer instructions once the rollover clears."],
      [COLLEAGUE, "For me, I'll file the application and send you the summary next week."],
      [ADVISER, "And for you, Omar: upload the pay stub."],
    ],
    CLIENT,
  );
  expect(items.map((item) => `${item.assignee}: ${item.task}`)).toEqual([
    `${ADVISER}: Send Omar the transfer instructions once the rollover clears`,
    `${COLLEAGUE}: File the application and send Omar the summary next week`,
    `${CLIENT}: Upload the pay stub`,
  ]);
});

test("in a colleague's recap line that names the one doing it, 'you' is the client, not that person", () => {
  const COLLEAGUE = "Tariq Noon";
  const items = itemsFromLines(
    [
      [CLIENT, "We'd like to start the college savings soon."],
      [ADVISER, "That's a good time to."],
      [COLLEAGUE, "Let me run through who's doing what."],
      [COLLEAGUE, `${ADVISER.split(" ")[0]} will tell the planner you're ready for the 529.`],
      [CLIENT, "Great."],
    ],
    CLIENT,
  );
  expect(items.map((item) => item.task)).toContain(`Tell the planner ${CLIENT.split(" ")[0]} is ready for the 529`);
});

test("for an estate, the recap's 'you' is the family who spoke for it, named", () => {
  const items = itemsFromLines(
    [
      ["Lena Vance", "Dad's estimate came with two options."],
      ["Paul Vance", "We want the simple one."],
      ["Tariq Noon", "That's fair."],
      [ADVISER, "Okay, let me recap. For me: I'll send you the income plan, month by month."],
      ["Tariq Noon", "For me, I'll send you the basis worksheet next week."],
    ],
    "Estate of Arthur Vance",
  );
  expect(items.map((item) => item.task)).toEqual([
    "Send Lena and Paul the income plan, month by month",
    "Send Lena and Paul the basis worksheet next week",
  ]);
});
