import type { DemoMeeting } from "./demo-types";

const pierce = { Dana: "Dana Whitfield", Walter: "Walter Pierce", Joan: "Joan Pierce" };

export const pierceMeetings: DemoMeeting[] = [
  {
    client: "pierce",
    title: "Retirement Income Planning",
    type: "Retirement Planning",
    when: { aprilDay: 22, time: "11:00" },
    speakers: pierce,
    script: `Dana: Walter, Joan, welcome. Walter, this is your first meeting with us as a retired man. How does it feel?
Walter: Strange. After thirty-eight years of engineering, I keep waking up at six for no reason.
Joan: He's already reorganized the garage twice.
Dana: That sounds about right. Today's job is to turn your savings into a paycheck. I'd like to cover your spending, Social Security timing, health insurance for Joan, and how we set up the withdrawals.
Walter: That's exactly what keeps me up at night. We've saved for decades, but I have no idea how to spend it.
Dana: Let's start with the numbers. Walter's 401(k) is one million one hundred and twenty thousand. Joan's 403(b) is three hundred and forty thousand. The joint brokerage account is two hundred and sixty thousand, and you keep eighty-five thousand in savings. That's about one million eight hundred thousand in total.
Joan: And we have no mortgage since last year.
Dana: Which helps a great deal. You told me you want to spend about nine thousand five hundred a month, including travel. That's one hundred and fourteen thousand a year.
Walter: We want to travel while we're healthy. Joan wants to see Portugal, and I want to drive Route 66 once.
Dana: Both very doable. Now Social Security. Walter, you're sixty-six. At your full retirement age of sixty-seven your benefit is about three thousand four hundred and fifty a month. If you wait until seventy, it grows to about four thousand two hundred and eighty.
Walter: Waiting three years feels like a long time to leave money on the table.
Dana: It's really insurance. You're the higher earner, so your benefit becomes Joan's survivor benefit if you die first. Women in your family live into their nineties, Joan, you told me.
Joan: My mother is ninety-three and still does the crossword in pen.
Dana: Then delaying Walter's benefit to seventy is the strongest protection for Joan. We bridge the gap from the portfolio in the meantime. Joan, your own benefit at sixty-seven is about nineteen hundred, and I'd claim that at sixty-seven as planned.
Joan: I'm fine with that.
Dana: The next issue is health insurance. Walter is on Medicare now, but Joan is sixty-three, so she needs two years of coverage before Medicare.
Joan: My part-time job at the clinic ended with Walter's retirement, so I lost the employer plan.
Dana: Then the marketplace plan is the best option. The subsidy depends on your income, so for the next two years we keep your taxable income low, around eighty thousand, by drawing mostly from savings and the brokerage account, which has a high cost basis.
Walter: So we spend one hundred and fourteen thousand but only show eighty thousand of income?
Dana: Exactly. Withdrawals of your own savings and the cost basis of your investments aren't income. Only the gains are. With good planning, the subsidy could be worth nine to eleven thousand a year on Joan's premium.
Walter: That's real money. And after Joan turns sixty-five?
Dana: Then we switch strategies and start Roth conversions, moving money from the 401(k) to Roth accounts in the low tax brackets before your required distributions begin at seventy-five. It should reduce your lifetime taxes significantly.
Joan: What about Walter's 401(k)? Should it stay with his old company?
Dana: I'd roll it into an IRA with us, so we can manage the withdrawals and the bond ladder in one place. Walter, you'd need to request the rollover paperwork from the plan administrator.
Walter: I can do that this week.
Dana: I'll also set up a cash reserve with two years of spending, about two hundred and thirty thousand, in Treasury bills and CDs. That way a bad year in the market never forces us to sell stocks at the bottom.
Joan: That makes me feel much better. I remember 2008.
Dana: Joan, can you get a quote for a marketplace plan? Use an estimated income of eighty thousand. I want to see the premium before we set the withdrawal amounts.
Joan: I'll do it this week.
Dana: Once the rollover is done, I'll do an investment review of the whole portfolio. Let's meet on {next} to go through it.
Walter: Sounds good. Thank you, Dana.`,
    executiveSummary:
      "Walter Pierce (66, newly retired) and Joan Pierce (63) have about $1.8 million saved and plan to spend $9,500 a month ($114,000 a year), including travel. Walter will delay Social Security to 70 (about $4,280/month, which also maximizes Joan's survivor benefit), while Joan claims her own benefit of about $1,900 at 67. Until Joan reaches Medicare, taxable income will be held near $80,000 to keep her marketplace health insurance subsidy, with Roth conversions starting afterward. Walter's $1.12 million 401(k) will be rolled into an IRA and a two-year cash reserve of about $230,000 will be set aside.",
    keyPoints: [
      "Assets: Walter's 401(k) $1,120,000, Joan's 403(b) $340,000, joint brokerage $260,000, savings $85,000; no mortgage",
      "Spending target $9,500/month ($114,000/year) including travel",
      "Walter delays Social Security to 70 ($4,280/month vs $3,450 at 67) to protect Joan's survivor benefit; Joan claims ~$1,900 at 67",
      "Joan needs two years of marketplace coverage; keeping taxable income near $80,000 preserves a $9,000-$11,000 yearly subsidy",
      "Roth conversions to start once Joan is on Medicare, before required distributions at 75",
      "Two-year cash reserve (~$230,000) in Treasury bills and CDs to avoid selling stocks in a downturn",
    ],
    actionItems: [
      { task: "Request the 401(k) rollover paperwork from the plan administrator", assignee: "Walter Pierce" },
      { task: "Get a marketplace health plan quote using an estimated income of $80,000", assignee: "Joan Pierce" },
      {
        task: "Set up the two-year cash reserve of about $230,000 in Treasury bills and CDs",
        assignee: "Dana Whitfield",
      },
    ],
    next: {
      inDays: 42,
      topics: ["Investment review after the 401(k) rollover", "Withdrawal schedule", "Marketplace premium"],
    },
  },
  {
    client: "pierce",
    title: "Investment Review: Retirement Income Portfolio",
    type: "Investment Review",
    when: { daysAgo: 5, time: "13:00" },
    speakers: pierce,
    script: `Dana: Walter, Joan, good to see you both. Today is a full investment review of the retirement portfolio, now that everything is in one place. I also know Joan has a question about an annuity.
Joan: I do, but it can wait until the end.
Dana: Let's start with the big picture. The rollover from Walter's 401(k) is complete, so the IRA is at one million one hundred and fifty-four thousand. With Joan's 403(b), the brokerage account and the cash reserve, you have one million eight hundred and thirty thousand in total.
Walter: That's higher than when we started, even though we've been taking money out every month.
Dana: Yes. Since we put the income plan in place, the portfolio has returned 5.8 percent, and you've withdrawn sixty-one thousand for living expenses. The plan is working as designed.
Joan: That's a relief. The news makes it sound like the market could crash any day.
Dana: It could, which is why the cash reserve exists. Let's look at the allocation. The target is fifty percent stocks, forty percent bonds and ten percent cash. Right now you're at fifty-four percent stocks, thirty-seven bonds and nine cash, because stocks have done well.
Walter: So we trim the stocks?
Dana: Exactly. I'd sell about sixty thousand of the U.S. total market index fund. Forty thousand goes into the TIPS ladder, the inflation-protected bonds maturing one each year over the next five years. The other twenty thousand refills the cash reserve, which has come down with your withdrawals.
Walter: Does selling cause a tax bill?
Dana: No, because we sell inside the IRA. Trades inside it are not taxed. Only withdrawals are. And that keeps Joan's subsidy safe, since your income stays around eighty thousand.
Joan: Good. The marketplace plan is costing us one hundred and ninety a month after the subsidy. Without it, it would be over nine hundred.
Dana: That's the strategy paying off. What about costs? The average expense ratio of your funds is 0.09 percent, about sixteen hundred dollars a year on the whole portfolio. Your old 401(k) funds averaged 0.68 percent.
Walter: That alone is worth the rollover.
Dana: Now the bond side. Your bonds are intermediate Treasuries and a high-quality bond index fund, average duration about five years, yielding around 4.3 percent. I'd keep it as is. I don't see a reason to take more credit risk for a little more yield.
Walter: Agreed. I don't want junk bonds at my age.
Dana: Joan, the annuity question.
Joan: My brother Ray sells insurance. He's been pushing a variable annuity with a guaranteed income rider. He says it protects us from the market. He wants us to put in four hundred thousand.
Dana: I'd like to see the details before giving a firm answer, but I can share my general concerns. These products typically cost between 2.5 and 3.5 percent a year, including the rider, and have a surrender period of around seven years. On four hundred thousand, that could be over ten thousand dollars a year in fees.
Walter: Ten thousand a year? That's more than our health insurance.
Dana: If guaranteed income is what you want, a simple immediate annuity later, perhaps at seventy-five, costs much less. And Walter's delayed Social Security is already the best inflation-protected annuity there is.
Joan: I suspected as much. Ray will be disappointed, but he'll survive.
Dana: Please send me the brochure and the contract illustration, and I'll write a short comparison. That way you can tell Ray it was reviewed properly.
Joan: I'll send it tomorrow.
Walter: One more thing. A friend of mine just spent his savings on a nursing home. Should we worry about long-term care?
Dana: It's the right question to ask at your age. I'd look at a hybrid life and long-term care policy, which pays out either way. Premiums depend heavily on health, so the first step is the medical questionnaire for both of you.
Walter: I'll fill them out. Joan will make sure I'm honest about my blood pressure.
Joan: I certainly will.
Dana: To summarise: I execute the rebalance, sixty thousand from the U.S. stock fund into the TIPS ladder and the cash reserve. Joan sends me the annuity brochure. Walter completes the long-term care questionnaires.
Walter: Clear. And next time?
Dana: Let's meet on {next} to go over the long-term care quotes and the annuity comparison.
Joan: Perfect. Thank you, Dana.`,
    executiveSummary:
      "The Pierces' retirement portfolio totals $1.83 million after Walter's 401(k) rollover, returning 5.8% since the income plan started even after $61,000 of withdrawals. Stocks have drifted to 54% against a 50% target, so $60,000 of the US total market index fund will be sold inside the IRA, with $40,000 going to the TIPS ladder and $20,000 refilling the cash reserve. Dana advised against Joan's brother's $400,000 variable annuity proposal because of fees of 2.5-3.5% a year and a seven-year surrender period. Walter and Joan will start the application for a hybrid life and long-term care policy.",
    keyPoints: [
      "Total portfolio $1,830,000; IRA after rollover $1,154,000; return 5.8% since the income plan began, $61,000 withdrawn",
      "Allocation 54/37/9 vs 50/40/10 target; rebalance inside the IRA so there is no tax and income stays near $80,000",
      "$60,000 trimmed from the U.S. total market fund: $40,000 to the five-year TIPS ladder, $20,000 to cash",
      "Average fund cost 0.09% (~$1,600/year) vs 0.68% in the old 401(k); bonds kept at ~5-year duration, ~4.3% yield",
      "Marketplace premium $190/month after subsidy vs over $900 without it",
      "Variable annuity ($400,000, ~2.5-3.5% annual fees, 7-year surrender) not recommended; a simple immediate annuity could be considered later",
    ],
    actionItems: [
      {
        task: "Rebalance: sell $60,000 of the U.S. total market fund into the TIPS ladder ($40,000) and cash reserve ($20,000)",
        assignee: "Dana Whitfield",
      },
      { task: "Send the variable annuity brochure and contract illustration from Ray", assignee: "Joan Pierce" },
      { task: "Complete the long-term care medical questionnaires for both spouses", assignee: "Walter Pierce" },
    ],
    next: { inDays: 28, topics: ["Long-term care insurance quotes", "Annuity comparison", "Cash reserve level"] },
    note: "Joan is the one who worries about markets; Walter worries about costs. Frame the annuity comparison in fees per year, that's what landed with Walter. Handle Ray diplomatically: Joan is close to her brother, so the written comparison should stick to facts, not criticise him. Check Walter's blood pressure history before requesting LTC quotes; it may push us toward the second carrier.",
  },
];
