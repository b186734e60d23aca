import type { DemoMeeting } from "./demo-types";

const alvarez = { Dana: "Dana Whitfield", Leo: "Leo Brandt", Rosa: "Rosa Alvarez" };

export const alvarezMeetings: DemoMeeting[] = [
  {
    client: "alvarez",
    title: "Tax Filing Review & Extension Decision",
    type: "Tax Planning",
    when: { aprilDay: 8, time: "15:00" },
    speakers: alvarez,
    script: `Leo: Rosa, thanks for squeezing us in during the busiest week of the year for both of us. We need to decide about your personal return before the April 15 deadline next week.
Rosa: Thank you for fitting me in. I brought the folder you asked for, and some pan dulce for the office.
Dana: You're always welcome here. Leo, do you want to start with where the returns stand?
Leo: Sure. As a reminder, we extended the S corporation return for Alvarez Bakery Co. in March with Form 7004, because the books for the second location weren't closed. The bakery's numbers are now almost final: revenue of one million four hundred and sixty thousand, net profit of about one hundred and eighty-two thousand, before your salary adjustments.
Rosa: The second location finally made money in the second half of the year. I was nervous about it for a while.
Leo: It shows. The problem is two open items. First, the catering contractor you used for weddings, Silva Events, never sent a W-9, so we can't issue the 1099 properly. Second, I need the invoice for the new deck oven to decide how to depreciate it.
Rosa: The oven was forty-eight thousand, installed in October. I have the invoice at the shop. And I'll chase Silva again. They're slow with paperwork.
Leo: With those two gaps, I don't want to rush your personal return. My recommendation is to file an extension on Form 4868 for you and Miguel, and finish everything properly within the next few weeks.
Rosa: Does an extension mean I'm in trouble?
Leo: Not at all. It extends the time to file, not the time to pay. Based on the numbers so far, you'll owe about fourteen thousand two hundred dollars for last year. We pay that with the extension, so there's no penalty or interest.
Rosa: Fourteen thousand. That's more than I expected.
Leo: Mostly because the second location turned profitable and your salary stayed at seventy-eight thousand. The pass-through profit adds to your personal income. We'll talk about the salary later.
Dana: And the first quarterly estimate for this year is due the same day.
Leo: Right, nine thousand five hundred. So on April 15 we're paying twenty-three thousand seven hundred in total. Do you have that in the business account?
Rosa: We have about sixty thousand in the operating account. I'd rather pay it from the business as a distribution than touch our savings.
Dana: That works, as long as the bakery keeps at least a month of expenses. You run about thirty-one thousand a month in fixed costs, so sixty minus twenty-four still leaves you comfortable.
Rosa: Good. Now the oven. What's the difference between the options you mentioned?
Leo: We can deduct the whole forty-eight thousand this year under Section 179, or spread it over seven years. Deducting it now saves you roughly thirteen thousand in tax this year. Spreading it makes sense only if we expect much higher income later.
Rosa: I'd rather have the money now. We want to open a third location eventually.
Leo: Then Section 179 it is, once I see the invoice.
Dana: Rosa, there's one more thing I want to raise. You have twelve employees and no retirement plan. Two of your bakers asked about it, you told me last time.
Rosa: Yes, Carmen has been with me eight years. I want to do something for her.
Dana: There are two realistic options. A SIMPLE IRA is cheap to run, and you match up to three percent. A safe-harbor 401(k) costs more to administer, around two thousand a year, but lets you and Miguel save much more for yourselves. I'll prepare a side-by-side comparison with real numbers for your payroll.
Rosa: Please. I want something the employees will actually use.
Leo: And it's a deduction for the business, so it reduces the tax bill we just talked about.
Rosa: Okay. So what do I need to do?
Leo: Send me the oven invoice and the Silva W-9 by Friday. I'll file the extension and both payments before the fifteenth, and finalize the returns once I have everything.
Dana: And I'll prepare the retirement plan comparison. Let's meet on {next} to sign off the final returns and choose a plan.
Rosa: That works. Thank you both. And eat the pan dulce before it goes stale.`,
    executiveSummary:
      "Rosa Alvarez's bakery had revenue of $1.46 million and net profit of about $182,000, with the S corporation return already extended in March. Because the catering contractor's W-9 and the $48,000 oven invoice are missing, Leo will file a Form 4868 extension for Rosa and Miguel and pay the estimated $14,200 balance plus the $9,500 first-quarter estimate by April 15. The new oven will be fully expensed under Section 179, saving about $13,000 this year. Dana will compare a SIMPLE IRA and a safe-harbor 401(k) for the bakery's twelve employees.",
    keyPoints: [
      "Bakery revenue $1,460,000, net profit ~$182,000; second location profitable in the second half of the year",
      "Personal return extended with Form 4868; balance due ~$14,200 plus first-quarter estimate $9,500 (total $23,700) paid from the business by April 15",
      "Open items: missing W-9 from Silva Events (1099) and the $48,000 deck oven invoice",
      "Oven to be expensed under Section 179, saving roughly $13,000 in tax this year",
      "Operating account ~$60,000 against ~$31,000 monthly fixed costs stays adequate after the payments",
      "Retirement plan for 12 employees: SIMPLE IRA vs safe-harbor 401(k) (~$2,000/year administration)",
    ],
    actionItems: [
      { task: "Send the oven invoice and the Silva Events W-9 to Leo by Friday", assignee: "Rosa Alvarez" },
      {
        task: "File Form 4868 and pay $14,200 plus the $9,500 first-quarter estimate before April 15",
        assignee: "Leo Brandt",
      },
      {
        task: "Prepare a SIMPLE IRA vs safe-harbor 401(k) comparison using the bakery's payroll",
        assignee: "Dana Whitfield",
      },
    ],
    next: {
      inDays: 35,
      topics: ["Sign off final business and personal returns", "Choose the employee retirement plan"],
    },
  },
  {
    client: "alvarez",
    title: "Estimated Taxes & Third Location Planning",
    type: "Quarterly Review",
    when: { daysAgo: 19, time: "10:00" },
    speakers: alvarez,
    script: `Dana: Good morning, Rosa. Thanks for coming in. Today we have three topics: your estimated taxes for the rest of the year, your salary, and the third location you've been thinking about.
Rosa: Good morning. The third location is all I think about lately, so let's not leave it for last.
Leo: We'll get there, I promise. First, the quick part. Since we filed your returns, the bakery has been running ahead of last year. Year to date, revenue is up eleven percent and net profit is about one hundred and sixty-four thousand.
Rosa: The wholesale contract with the two coffee shops made a big difference.
Leo: It did. But it means your estimated payments are too low. If nothing changes, you'd underpay by about eight thousand for the year. I'd raise the next quarterly payment from nine thousand five hundred to eleven thousand.
Rosa: Okay. Better than a penalty.
Leo: Which brings me to your salary. You pay yourself seventy-eight thousand, and the rest comes out as distributions. For an owner running two locations with twelve employees, that's on the low side. If the IRS ever looked at it, they could say your salary isn't reasonable.
Rosa: What would be reasonable?
Leo: Based on what bakery managers and owner-operators in the area earn, around ninety thousand is defensible. It raises payroll taxes by about eighteen hundred a year, but it protects the distributions and it increases what you can put into the 401(k).
Dana: Which matters now that the safe-harbor 401(k) is running. The bakery contributes three percent for every employee, about fourteen thousand a year, and you can defer up to the annual limit yourself.
Rosa: Carmen signed up the first day. She told me she'd never had a retirement account before. That made me happy.
Dana: That's exactly the point. Three of your employees are deferring so far, and the provider says participation usually grows once people see the first statements.
Rosa: Good. Now, the third location.
Dana: Tell us what you've found.
Rosa: A former café in the Riverside district, near the new apartments. The landlord wants forty-eight hundred a month on a five-year lease. The kitchen needs work. The contractor quoted one hundred and thirty-five thousand for the buildout, including a new hood and walk-in cooler.
Leo: And the financing?
Rosa: Our bank offered an SBA 7(a) loan of two hundred and fifty thousand at prime plus two and three-quarters, ten years. That covers the buildout, equipment and about three months of operating costs.
Dana: I like that you're including working capital. Most new locations fail because they run out of cash in the first six months, not because the food is bad. What do you expect the location to do in sales?
Rosa: My guess is thirty-five thousand a month in the first year, based on the second location, which did about forty thousand by its second year.
Dana: Then I'd like to build a proper cash flow projection for all three locations, month by month for two years, with a slow-start scenario where Riverside only does twenty-five thousand a month. If the bakery can still pay everything and keep ninety-five thousand in reserve in the slow case, I'd be comfortable.
Rosa: Ninety-five thousand is three months of expenses for the whole company?
Dana: For all three locations, yes, roughly. It's the cushion that lets you sleep.
Leo: On the tax side, the buildout qualifies partly for faster depreciation, and the equipment can be expensed like the oven. The lease itself is deductible as it goes. I'll include the tax effects in Dana's projection.
Rosa: And the loan? Should I sign the term sheet?
Dana: Not yet. Ask the bank for the full term sheet in writing, including fees, the prepayment penalty and whether they want a personal guarantee and a lien on your house. Those details matter more than the rate.
Rosa: They did mention a personal guarantee. Miguel won't like that.
Dana: It's standard for SBA loans, but the lien on the house is sometimes negotiable. Let's see it in writing first.
Leo: To summarise: I recalculate the estimates with the ninety-thousand salary and send you the new voucher. Rosa gets the written term sheet from the bank. Dana builds the three-location projection.
Rosa: And we decide on Riverside after that?
Dana: Yes. Let's meet on {next} to go through the projection and the loan terms together, ideally with Miguel.
Rosa: I'll bring him. Thank you both.`,
    executiveSummary:
      "Rosa Alvarez's bakery is running ahead of last year, with revenue up 11% and year-to-date net profit of about $164,000, so the next quarterly estimated payment rises from $9,500 to $11,000. Leo recommended raising Rosa's salary from $78,000 to a more defensible $90,000, which also increases her 401(k) contributions under the new safe-harbor plan. Rosa is evaluating a third location in the Riverside district ($4,800/month lease, $135,000 buildout) financed by a $250,000 SBA 7(a) loan. Before signing, Dana will build a two-year, three-location cash flow projection including a slow-start scenario, and Rosa will get the full loan terms in writing.",
    keyPoints: [
      "Year-to-date revenue up 11%; net profit ~$164,000 thanks to the wholesale coffee shop contract",
      "Estimated payments too low by ~$8,000: next quarterly payment increased to $11,000",
      "Reasonable salary: raise from $78,000 to ~$90,000 (about $1,800 more payroll tax a year)",
      "Safe-harbor 401(k) live: 3% employer contribution (~$14,000/year); three employees deferring, including Carmen",
      "Riverside location: $4,800/month five-year lease, $135,000 buildout, projected $35,000/month sales",
      "SBA 7(a) loan offer of $250,000 at prime + 2.75% over ten years; personal guarantee and home lien to be checked",
    ],
    actionItems: [
      {
        task: "Recalculate the estimated payments with a $90,000 salary and send the new voucher",
        assignee: "Leo Brandt",
      },
      {
        task: "Get the bank's full written term sheet for the SBA loan, including guarantee and lien terms",
        assignee: "Rosa Alvarez",
      },
      {
        task: "Build a two-year cash flow projection for three locations with a slow-start scenario",
        assignee: "Dana Whitfield",
      },
    ],
    next: {
      inDays: 21,
      topics: ["Three-location cash flow projection", "SBA loan terms", "Go/no-go on the Riverside location"],
    },
  },
];
