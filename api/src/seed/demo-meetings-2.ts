import type { DemoMeeting } from "./demo-types";

export const fischerMeetings: DemoMeeting[] = [
  {
    client: "fischer",
    title: "Onboarding: Founder Financial Plan",
    type: "Onboarding",
    when: { daysAgo: 70, time: "14:00" },
    speakers: { Dana: "Dana Whitfield", Nadia: "Nadia Fischer" },
    script: `Dana: Nadia, welcome. Thanks for filling in the questionnaire before today. I'd like to use this first meeting to understand your situation, your goals, and what worries you most, and then agree on a plan for the next few months.
Nadia: Thanks, Dana. Honestly, what worries me most is that I spend all day on Fernlight's finances and never look at my own.
Dana: That's the most common thing founders tell me. Let's start with the company so I understand where your wealth actually sits. Fernlight Labs builds energy analytics software for commercial buildings, is that right?
Nadia: Yes. We help building managers cut heating and cooling costs, usually by fifteen to twenty percent. We're a Delaware C corporation, founded three years ago with my co-founder Omar Haddad. We raised a two and a half million dollar seed round last year.
Dana: And your own stake?
Nadia: Four million two hundred thousand shares of common stock, about thirty-eight percent of the company today. I bought them at a fraction of a cent when we incorporated.
Dana: Did you file an 83(b) election when the shares were issued?
Nadia: I think so. Our lawyer handled it. I have a PDF somewhere.
Dana: Please find it. It matters a lot, both for the tax on vesting and for the five-year clock on the qualified small business stock exclusion. I'll ask my colleague Leo Brandt, our tax adviser, to confirm your QSBS position once we have the documents.
Nadia: Okay. QSBS is the thing where you might not pay tax when you sell?
Dana: Potentially up to ten million dollars of gain, federally, if the company and the shares qualify and you hold for at least five years. It's one of the most valuable things you own, so we protect it carefully.
Nadia: Good to know. I had no idea it had a clock.
Dana: Now your personal picture. From the questionnaire: salary of one hundred and forty thousand, about sixty-two thousand in checking, thirty-eight thousand in a 401(k) from your previous employer, and no other investments. No debt except a student loan?
Nadia: Eleven thousand left on the student loan at 4.5 percent. And I rent, twenty-eight hundred a month.
Dana: Then the first priorities are simple. One, an emergency fund. With a startup salary that could be cut if the company hits a rough patch, I'd want six months of expenses, about forty-five thousand, in a high-yield savings account. Those are paying around four percent right now.
Nadia: That's most of my checking account.
Dana: It is, and that's fine. It's doing nothing in checking. Two, roll the old 401(k) into an IRA, so it's invested the way we choose rather than sitting in a default fund. Three, start a Roth IRA through the backdoor route, since your income is above the direct contribution limit.
Nadia: What about the student loan? Should I pay it off?
Dana: At 4.5 percent I wouldn't rush. Keep the payments going and let the cash build the emergency fund first. Once the fund is full, we can revisit.
Nadia: Okay. And the thing I actually want: I'd like to buy a place in about three years. Something around seven hundred thousand.
Dana: Then you'd want roughly one hundred and forty thousand for a twenty percent down payment. On your salary alone that's a stretch in three years, but if the Series A comes with a chance to sell a few shares, it becomes very realistic. Are you raising soon?
Nadia: We're in conversations now. I expect a term sheet in the next month or two, maybe around six million.
Dana: Then let's plan the next meeting around that. If investors offer you a secondary sale, we need Leo in the room before you say yes, because selling shares before the five-year mark gives up QSBS on those shares.
Nadia: Understood. What do you need from me?
Dana: Three things: the 83(b) election, the current cap table, and the statement from the old 401(k). I'll open the high-yield account and the rollover IRA, and Leo will review the QSBS questions.
Nadia: I can send the cap table today. The 83(b) I'll have to dig up from our lawyer's email.
Dana: That's fine. One last question: do you have disability insurance? Your ability to earn is your biggest asset right now.
Nadia: Only whatever the company plan has, which I think is pretty basic.
Dana: I'll look at it with you next time. Let's meet again on {next}, with Leo, to go through the equity and tax side.
Nadia: Great. Thank you, this already feels less chaotic.`,
    executiveSummary:
      "Nadia Fischer, co-founder and CEO of Fernlight Labs, holds 4.2 million common shares (about 38% of the company) and a $140,000 salary, with $62,000 in checking and a $38,000 old 401(k). The priorities are a $45,000 emergency fund in a high-yield savings account, rolling the old 401(k) into an IRA and starting backdoor Roth contributions. Her QSBS position (potentially up to $10 million of tax-free gain after five years) needs the 83(b) election and cap table to confirm, and any secondary sale in the upcoming Series A must be reviewed with Leo Brandt first. She aims to buy a home of about $700,000 within three years.",
    keyPoints: [
      "Fernlight Labs: Delaware C corporation, founded three years ago with Omar Haddad, $2.5M seed round raised",
      "Nadia owns 4,200,000 common shares (~38%); 83(b) election believed filed, copy needed",
      "QSBS exclusion could shelter up to $10M of federal gain if shares are held five years",
      "Emergency fund of $45,000 (six months) in high-yield savings at ~4%; $11,000 student loan at 4.5% kept on schedule",
      "Old 401(k) ($38,000) to be rolled into an IRA; backdoor Roth IRA contributions to start",
      "Goal: home purchase around $700,000 in three years, needing ~$140,000 down; Series A term sheet expected soon (~$6M)",
    ],
    actionItems: [
      { task: "Send the cap table, the 83(b) election and the old 401(k) statement", assignee: "Nadia Fischer" },
      { task: "Open the high-yield savings account and the rollover IRA", assignee: "Dana Whitfield" },
      { task: "Review Nadia's QSBS eligibility and holding-period dates", assignee: "Leo Brandt" },
    ],
    next: { inDays: 37, topics: ["QSBS review with Leo Brandt", "Series A secondary sale", "Disability insurance"] },
  },
  {
    client: "fischer",
    title: "Equity & QSBS Tax Planning",
    type: "Tax Planning",
    when: { daysAgo: 33, time: "11:00" },
    speakers: { Dana: "Dana Whitfield", Leo: "Leo Brandt", Nadia: "Nadia Fischer" },
    script: `Dana: Nadia, thanks for coming in. Leo is with us today because the Series A term sheet arrived, and it includes an offer to buy some of your shares.
Nadia: Yes, it came in last week. Eighteen million pre-money, six million raised, led by Northgate Ventures. And they offered to buy up to three hundred thousand dollars of my common stock at the preferred price.
Leo: Congratulations. Let me start with the good news. I went through the cap table, the incorporation documents and your 83(b) election. The election was filed on time, thirty-one days after the grant. Nothing to fix there.
Nadia: Oh, thank goodness. I was worried about that.
Leo: Fernlight is a C corporation, it's an active technology business, and its gross assets have been far below the QSBS limit at all times. So your founder shares should qualify as qualified small business stock.
Dana: The catch is the clock.
Leo: Exactly. The shares were issued a little over three years ago. The full exclusion requires more than five years of holding. Any shares you sell now are taxed as ordinary long-term capital gains.
Nadia: How much tax are we talking about on three hundred thousand?
Leo: Your basis is practically zero, so almost all of it is gain. Federal long-term capital gains at fifteen to twenty percent, the 3.8 percent net investment income tax, and Colorado's 4.4 percent. On top of your salary, call it twenty-eight percent all-in, so about eighty-four thousand.
Nadia: That's a lot. Is it still worth it?
Dana: Think about what you said at our first meeting. You want a home in three years and almost all your net worth is one private company. Selling about six percent of your position reduces that risk, and the rest keeps its QSBS potential.
Nadia: I keep thinking that if Fernlight becomes huge, I'll regret every share I sold.
Dana: And if Fernlight struggles, you'll be glad you sold some. Founders who take a modest secondary usually make better long-term decisions for the company, because their rent doesn't depend on the next round.
Leo: One more point in favour. The investors buying your common shares at the preferred price can raise questions about the company's 409A valuation. Their counsel usually handles it, but your company lawyer should confirm it doesn't hurt the employee option pricing.
Nadia: Okay. What if I sell two hundred and fifty thousand instead of three hundred? Omar is only selling two hundred.
Leo: That works. At two hundred and fifty thousand, the tax is roughly seventy thousand. I'd set that aside in a separate account the day the money arrives.
Dana: I'll put the tax reserve in a Treasury bill ladder maturing before the payment dates. It earns around four percent in the meantime, and it's state-tax-free.
Nadia: And I'd have to make an estimated tax payment, right? I've never done that.
Leo: Yes. The gain falls in this tax year, so we pay an estimated amount with the next quarterly deadline to avoid the underpayment penalty. I'll send you the voucher and the exact amount once the sale closes.
Nadia: What about the rest of my shares? Anything I should do now?
Leo: Nothing dramatic. Keep the stock certificates and the 83(b) in a safe place, and don't transfer shares to anyone without talking to us. Gifting shares to a trust later can even multiply the QSBS exclusion, but that's a conversation for when the company is bigger.
Dana: For the home fund, after tax you'd have about one hundred and eighty thousand. That covers the down payment goal with room to spare.
Nadia: That's a relief. I didn't expect to get there this quickly.
Dana: Let's agree on the steps. Nadia, you ask your company lawyer to confirm the secondary terms and the board approval. Leo writes a short memo on the secondary and the QSBS position. I open a brokerage account for the tax reserve and set up the Treasury ladder.
Nadia: Done. The round should close in about four weeks.
Dana: Then we'll meet right after the close, on {next}, to plan the company's cash and your own.
Nadia: Perfect. Thank you both.`,
    executiveSummary:
      "Fernlight Labs received a Series A term sheet from Northgate Ventures at $18 million pre-money, raising $6 million, with an offer to buy up to $300,000 of Nadia's common stock. Leo Brandt confirmed her 83(b) election was filed on time and her founder shares should qualify as QSBS, but shares sold before the five-year mark are taxed at roughly 28% all-in. Nadia decided to sell $250,000 in the secondary, setting aside about $70,000 for taxes in a Treasury bill ladder. The roughly $180,000 left after tax fully funds her home down payment goal.",
    keyPoints: [
      "Series A: $18M pre-money, $6M raise led by Northgate Ventures, closing in about four weeks",
      "83(b) election filed on time; founder shares qualify as QSBS, but the five-year holding period is not yet met",
      "Secondary sale taxed at ~28% all-in (federal capital gains, 3.8% NIIT, Colorado 4.4%)",
      "Decision: sell $250,000 of common stock instead of $300,000; tax reserve ~$70,000",
      "Tax reserve to be held in a state-tax-free Treasury bill ladder; estimated payment due at the next quarterly deadline",
      "About $180,000 net proceeds covers the $140,000 home down payment goal",
    ],
    actionItems: [
      {
        task: "Ask the company lawyer to confirm the secondary sale terms, board approval and 409A impact",
        assignee: "Nadia Fischer",
      },
      {
        task: "Write a memo on the secondary sale tax and the QSBS position, with the estimated payment voucher",
        assignee: "Leo Brandt",
      },
      {
        task: "Open a brokerage account for the tax reserve and set up the Treasury bill ladder",
        assignee: "Dana Whitfield",
      },
    ],
    next: {
      inDays: 31,
      topics: ["Company treasury after the Series A close", "Investing the home fund", "Disability insurance"],
    },
  },
  {
    client: "fischer",
    title: "Post-Series A Cash Management & Personal Liquidity",
    type: "Strategy Session",
    when: { daysAgo: 1, time: "16:00" },
    speakers: { Dana: "Dana Whitfield", Nadia: "Nadia Fischer" },
    script: `Dana: Nadia, congratulations on closing the round. How does it feel?
Nadia: Exhausting and wonderful. It closed at twenty million pre in the end, because a second fund came in. We raised six and a half million.
Dana: That's a great result. Today I'd like to cover two things: how the company holds its new cash, and what you do with the proceeds from your secondary sale.
Nadia: Good, because right now all of it is sitting in one operating account, and Omar keeps sending me articles about bank failures.
Dana: Omar isn't wrong. How much is in the account today, and what's your monthly burn?
Nadia: Seven point four million in total. We burn about three hundred and ten thousand a month, rising to maybe four hundred once we hire the six engineers in the plan.
Dana: So roughly twenty months of runway at the higher burn. The principle is simple: the money needs to be safe and available, not to earn the maximum. I'd split it into three layers.
Nadia: Go ahead.
Dana: Layer one: one million in the operating account, about three months of spending, for payroll and bills. Layer two: two million in an insured cash sweep, which spreads deposits across many banks so all of it is FDIC-insured, still available within a day. Layer three: the remaining four point four million in a ladder of Treasury bills maturing every three months over the next year.
Nadia: What do the Treasury bills earn?
Dana: Around four percent right now. On four point four million that's roughly one hundred and seventy thousand dollars a year, about half an engineer's salary, for taking essentially no credit risk.
Nadia: That's not nothing. Does the board need to approve this?
Dana: It should. I'll draft a short investment policy statement: what's allowed, maximum maturities, who can move money, and how it's reported. You present it at the next board meeting. Northgate will expect something like it anyway.
Nadia: The board meets in three weeks. Can you have it ready before then?
Dana: I'll have a draft to you by the end of next week, so you have time to review it with Omar.
Nadia: Perfect. Now my own money. The secondary paid out two hundred and fifty thousand last Tuesday.
Dana: Seventy thousand is already in the Treasury ladder for taxes, as we agreed with Leo. That leaves one hundred and eighty thousand. Your emergency fund is full at forty-five thousand, so all of this can go toward the home and long-term investing.
Nadia: I'd like to keep the house money safe. I still want to buy in about two and a half years.
Dana: Then one hundred and fifty thousand goes into a separate home fund: a mix of Treasury bills and a short-term bond fund. No stocks for money you need within three years. The other thirty thousand goes into a diversified index portfolio for the long term.
Nadia: And the student loan?
Dana: You now have plenty of cash, and paying off eleven thousand at 4.5 percent is a guaranteed return. I'd pay it off this month, out of checking, and enjoy not thinking about it.
Nadia: Done. That one feels good.
Dana: One more item from our first meeting: disability insurance. The company policy covers sixty percent of salary up to five thousand a month and it's taxable. I'd add an individual own-occupation policy for about three thousand a month. Expect a premium around one hundred and forty dollars a month.
Nadia: Is that really necessary? I'm healthy.
Dana: It's the risk that does the most damage and gets planned for the least. If you couldn't work for a year, the company would also be in trouble. I'll get quotes from two insurers, but you'd need to complete the medical questionnaire.
Nadia: Fine. Send me the forms and I'll do them next week.
Dana: To recap: I draft the treasury investment policy by the end of next week and collect disability quotes. You present the policy to the board and complete the questionnaire. And you pay off the student loan.
Nadia: Got it. When do we meet again?
Dana: Let's say {next}, after the board meeting, so we can set up the treasury accounts together.
Nadia: Great. Thanks, Dana.`,
    executiveSummary:
      "Fernlight Labs closed its Series A at $20 million pre-money, raising $6.5 million, and now holds $7.4 million in a single operating account with a burn rising from $310,000 to about $400,000 a month. Dana recommended a three-layer treasury: $1 million operating cash, $2 million in an insured cash sweep and $4.4 million in a one-year Treasury bill ladder earning about 4%. Nadia's $250,000 secondary paid out: $70,000 is reserved for taxes, $150,000 goes into a low-risk home fund and $30,000 into a long-term index portfolio. She will pay off her $11,000 student loan and apply for an own-occupation disability policy.",
    keyPoints: [
      "Series A closed at $20M pre-money with $6.5M raised; company cash $7.4M, ~20 months of runway at $400,000/month",
      "Treasury layers: $1M operating, $2M insured cash sweep (full FDIC coverage), $4.4M Treasury bill ladder (~$170,000/year interest)",
      "A board-approved investment policy statement will govern maturities, permitted instruments and signatories",
      "Secondary proceeds $250,000: $70,000 tax reserve, $150,000 home fund (T-bills and short-term bonds), $30,000 index portfolio",
      "Student loan of $11,000 at 4.5% to be paid off this month",
      "Individual own-occupation disability policy of about $3,000/month recommended (~$140/month premium)",
    ],
    actionItems: [
      {
        task: "Draft the company treasury investment policy statement by the end of next week",
        assignee: "Dana Whitfield",
      },
      { task: "Present the investment policy to the Fernlight board for approval", assignee: "Nadia Fischer" },
      { task: "Complete the disability insurance medical questionnaire", assignee: "Nadia Fischer" },
    ],
    next: {
      inDays: 28,
      topics: ["Opening the treasury accounts", "Home fund investments", "Disability insurance quotes"],
    },
  },
];
