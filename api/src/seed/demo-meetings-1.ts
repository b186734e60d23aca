import type { DemoMeeting } from "./demo-types";

const hendricks = {
  Dana: "Dana Whitfield",
  Margaret: "Margaret Hendricks",
  Thomas: "Thomas Hendricks",
};

export const hendricksMeetings: DemoMeeting[] = [
  {
    client: "hendricks",
    title: "Annual Portfolio Review",
    type: "Portfolio Review",
    when: { aprilDay: 15, time: "10:00" },
    speakers: hendricks,
    script: `Dana: Good morning, Margaret, Thomas. Thank you both for coming in. Today is the annual review of the Hendricks Family Trust, so I'd like to cover performance, the allocation, the Lakeshore Bancorp position and your distribution for the coming year.
Margaret: Good morning, Dana. Thomas drove me in, so he gets to ask the hard questions today.
Thomas: That's the deal. I read the report you sent on Monday, but I'd like to hear it in plain English.
Dana: Of course. The trust is worth four million eight hundred and twelve thousand dollars as of last Friday. Over the last twelve months it returned 6.2 percent after fees, against 5.8 percent for the blended benchmark we agreed on.
Margaret: That's after paying me my monthly distribution?
Dana: Yes. You received one hundred and ninety-two thousand over the year, sixteen thousand a month, which is the four percent payout rate in the trust's investment policy. Even after that, the trust grew by about eleven thousand dollars.
Thomas: Good. What does the mix look like right now?
Dana: Fifty-five percent equities, thirty-eight percent bonds and seven percent cash. The target is fifty-five, forty, five, so we're slightly heavy on cash because two municipal bonds matured in March. I plan to put ninety-five thousand of that cash into a new five-year municipal ladder.
Margaret: Richard always liked the municipal bonds. He said they let him sleep at night.
Dana: They still do their job. The ladder yields about 3.4 percent tax-free, which is roughly 5.3 percent taxable-equivalent in your bracket.
Thomas: Now the part I really wanted to talk about. Lakeshore Bancorp. It's still the single biggest holding, isn't it?
Dana: It is. Nine thousand six hundred shares at about sixty-four dollars, so roughly six hundred and fourteen thousand, or 12.7 percent of the trust. The cost basis is only around fourteen dollars a share, because your father bought most of it in the nineties.
Margaret: Richard sat on their board for eleven years. Selling it feels a little disloyal.
Dana: I understand that, and I don't want to rush it. But one regional bank shouldn't be an eighth of the money you live on. My recommendation is to sell it in three tranches over three tax years, about three thousand two hundred shares each time, so the capital gain each year stays around one hundred and sixty thousand.
Thomas: What's the tax hit on each tranche?
Dana: Leo Brandt ran the numbers. At the fifteen percent federal rate plus the net investment income tax, roughly thirty thousand dollars a tranche. Selling everything at once would push a large part of the gain into the twenty percent bracket and cost about twenty-two thousand more in total.
Margaret: Three years I can live with. Can we keep a few shares, for sentimental reasons?
Dana: Absolutely. We can keep, say, three hundred shares as a memento. And there's another option for part of it: gifting appreciated shares to a donor-advised fund. You mentioned wanting to support the Lakeshore Community Foundation.
Margaret: Yes. I'd like to give fifty thousand this year, in Richard's name.
Dana: If you give fifty thousand dollars of Lakeshore shares instead of cash, the trust avoids the gain on those shares entirely and you still get the deduction. That's about seven hundred and eighty shares.
Thomas: That's clever. Mom, I think that's the way to do it.
Margaret: Then let's do that. I'll confirm the exact amount once I've spoken with the foundation's director.
Dana: Good. Thomas, the other item from your email was the grandchildren's education.
Thomas: Right. My two are nine and twelve, and my sister Claire's are six and eight. Mom wants to help with college, but we don't know what that would cost.
Dana: If you can gather the schools or at least the type of school each family is thinking about, I'll model it. As a rough guide, four years at an in-state public university is around one hundred and twenty thousand today.
Thomas: I'll talk to Claire this week and send you something by the end of the month.
Margaret: And the distribution stays at sixteen thousand a month?
Dana: I'd keep it there. At four percent the trust is sustainable for well over thirty years in our projections, even in the weaker scenarios. We can revisit it if your expenses change.
Dana: So, to sum up: I sell the first tranche of thirty-two hundred Lakeshore shares and build the municipal ladder, Margaret confirms the gift to the foundation, and Thomas gathers the education plans with Claire.
Thomas: Sounds right. When do we meet next?
Dana: I'd suggest {next}, once the first tranche is done and I have the education numbers.
Margaret: That works for me. Thank you, Dana.`,
    executiveSummary:
      "The Hendricks Family Trust returned 6.2% over the last twelve months against a 5.8% benchmark and is worth $4.81 million after Margaret's $192,000 annual distribution. The trust will reduce its concentrated Lakeshore Bancorp position (12.7% of assets, very low cost basis) in three annual tranches of about 3,200 shares, keeping 300 shares for sentimental reasons. Margaret plans a $50,000 gift of appreciated Lakeshore shares to the Lakeshore Community Foundation through a donor-advised fund. The monthly distribution stays at $16,000 and Thomas will gather the grandchildren's education plans for modelling.",
    keyPoints: [
      "Trust value $4,812,000; 12-month return 6.2% net of fees vs 5.8% benchmark",
      "Allocation 55% equities / 38% bonds / 7% cash; $95,000 of excess cash goes into a new five-year municipal ladder yielding about 3.4% tax-free",
      "Lakeshore Bancorp: 9,600 shares (~$614,000, 12.7% of the trust) with a ~$14 basis; sell in three tranches over three tax years (~$30,000 tax per tranche)",
      "About 780 Lakeshore shares (~$50,000) to be gifted to a donor-advised fund for the Lakeshore Community Foundation instead of cash",
      "Monthly distribution to Margaret stays at $16,000 (4% payout rate), sustainable in all projection scenarios",
      "Four grandchildren (ages 6 to 12); college funding to be modelled once school plans are known",
    ],
    actionItems: [
      {
        task: "Sell the first tranche of 3,200 Lakeshore Bancorp shares and build the five-year municipal ladder",
        assignee: "Dana Whitfield",
      },
      {
        task: "Confirm the amount of the gift to the Lakeshore Community Foundation with its director",
        assignee: "Margaret Hendricks",
      },
      {
        task: "Gather the grandchildren's college plans with Claire and send them to Dana by month-end",
        assignee: "Thomas Hendricks",
      },
    ],
    next: {
      inDays: 91,
      topics: ["First Lakeshore tranche results", "Grandchildren's education funding model", "Donor-advised fund gift"],
    },
  },
  {
    client: "hendricks",
    title: "Trustee Succession & Estate Plan Update",
    type: "Estate Planning",
    when: { daysAgo: 40, time: "13:30" },
    speakers: { Dana: "Dana Whitfield", Priya: "Priya Raman", Margaret: "Margaret Hendricks" },
    script: `Dana: Margaret, thanks for coming in. I've asked Priya Raman to join us, since today is mostly about the trust document itself rather than the investments.
Priya: Hello, Margaret. I've read the trust agreement you and Richard signed in 2009 and the amendment from 2016, so I'm up to speed.
Margaret: Thank you both. I'll be honest, this is the part I've been putting off since Richard died.
Priya: That's very common. Let's take it one piece at a time. The most urgent issue is succession. Right now you are the sole trustee, and if you can't act, the successor is Richard's brother, Edward.
Margaret: Edward is eighty-one and lives in Arizona. He'd be the first to say it makes no sense anymore.
Priya: Then we should change it. Who would you like to step in?
Margaret: Thomas and Claire, together. Thomas is good with numbers and Claire is good with people. I want them to decide things jointly.
Priya: Co-trustees work well when siblings get along. I'd add two safeguards: a tie-breaker, and a corporate trustee as the backup if either of them can't serve. Many families name a trust company so there's never a vacuum.
Dana: Our custodian has a trust services arm that charges 0.45 percent a year on the first five million. It would only apply if it ever had to step in.
Margaret: What would the tie-breaker be?
Priya: A simple option is that, if Thomas and Claire disagree on a distribution, Dana as the investment adviser gives a written recommendation, and if they still disagree, the corporate trustee decides. Courts rarely get involved with a clause like that.
Margaret: I like that. Nobody ends up in court over my money.
Priya: The second issue is incapacity. The 2009 document says a successor takes over when a court declares you incapacitated. That's slow and public. I'd replace it with a letter from two physicians.
Margaret: Yes, please. I watched a friend's family go through the court process. It took seven months.
Priya: We'll also update your durable power of attorney and healthcare directive at the same time, so all four documents name the same people. Your current healthcare directive still names Richard.
Dana: And there's one piece outside the trust: your IRA, about seven hundred and twenty thousand dollars. The beneficiary form still lists Richard first and the trust second.
Priya: That form overrides anything in the trust, so it needs to change too. I'd name Thomas and Claire directly, fifty-fifty, with their children as contingent beneficiaries. An inherited IRA has to be emptied within ten years either way, and going through the trust would add complexity.
Margaret: Fine. Now, the part I actually care about. I'd like to set aside money for the four grandchildren's education.
Priya: We can add an education sub-trust. How much were you thinking?
Margaret: Forty thousand each, so one hundred and sixty thousand in total.
Dana: The trust can fund that comfortably. At your current four percent distribution rate it doesn't change the long-term projections in any meaningful way.
Priya: I'll write it so the money can pay tuition, housing and books at any accredited school, including trade schools, and anything left when the youngest turns thirty goes back to the main trust.
Margaret: Trade schools, yes. Claire's oldest wants to be an electrician.
Priya: Then that's how we'll draft it. In practice this is big enough that I'd do a full restatement rather than a third amendment. It's one clean document instead of three that have to be read together. My flat fee is three thousand five hundred dollars, which includes the power of attorney and healthcare directive.
Margaret: That's fine. How long will it take?
Priya: I can have a draft to you within three weeks. Then we meet to sign, with a notary and two witnesses here at the office.
Dana: Margaret, before that, it would help if you spoke with Thomas and Claire. They should hear about being co-trustees from you rather than from a document.
Margaret: I'll have them both over for dinner this weekend.
Priya: Perfect. Let's pencil in the signing for {next}. If anything in the draft needs changing, we'll handle it by phone before then.
Margaret: Thank you both. I feel better already.`,
    executiveSummary:
      "Margaret Hendricks and estate attorney Priya Raman agreed to restate the 2009 Hendricks Family Trust rather than amend it a third time. Thomas and Claire Hendricks will become co-successor trustees, with Dana as tie-breaking adviser and a corporate trustee as backup, replacing Richard's brother Edward. Incapacity will be determined by two physicians instead of a court, and a $160,000 education sub-trust ($40,000 per grandchild) will be added. The IRA beneficiary form, the durable power of attorney and the healthcare directive will be updated at the same time.",
    keyPoints: [
      "Successor trustee changes from Edward Hendricks (81) to Thomas and Claire as co-trustees",
      "Disagreements go to Dana for a written recommendation, then to a corporate trustee (0.45% a year, only if it ever steps in)",
      "Incapacity to be certified by two physicians instead of a court declaration",
      "Education sub-trust of $160,000 ($40,000 per grandchild), usable for trade schools; remainder returns to the main trust when the youngest turns 30",
      "IRA (~$720,000) beneficiary form still names Richard: change to Thomas and Claire 50/50, grandchildren contingent",
      "Full restatement plus power of attorney and healthcare directive for a flat fee of $3,500; draft within three weeks",
    ],
    actionItems: [
      {
        task: "Draft the trust restatement, durable power of attorney and healthcare directive within three weeks",
        assignee: "Priya Raman",
      },
      { task: "Talk with Thomas and Claire about serving as co-successor trustees", assignee: "Margaret Hendricks" },
      {
        task: "Prepare a new IRA beneficiary form naming Thomas and Claire 50/50 with grandchildren as contingents",
        assignee: "Dana Whitfield",
      },
    ],
    next: {
      inDays: 24,
      topics: [
        "Signing of the trust restatement",
        "Power of attorney and healthcare directive",
        "IRA beneficiary form",
      ],
    },
  },
  {
    client: "hendricks",
    title: "Quarterly Trust Review",
    type: "Quarterly Review",
    when: { daysAgo: 3, time: "10:00" },
    speakers: hendricks,
    script: `Dana: Good morning, Margaret, Thomas. This is our regular quarterly review. I have four things: performance, the Lakeshore sale, the new trust documents, and Margaret's IRA distribution for the year.
Margaret: Good morning. Claire sends her apologies, she's at a school event but wants the notes.
Dana: I'll send a copy to Claire as well. Performance first. The trust is now at five million and twenty thousand dollars. The quarter returned 2.1 percent, and the year to date is 7.4 percent against 6.8 for the benchmark.
Thomas: So we crossed five million. Dad would have enjoyed that.
Margaret: He would have framed the statement.
Dana: On Lakeshore Bancorp: the first tranche we agreed on at the April review is complete. We sold three thousand two hundred shares at an average of sixty-four dollars and ten cents, about two hundred and five thousand dollars, with a realized gain of roughly one hundred and sixty thousand.
Thomas: And the tax on that?
Dana: Leo estimates about thirty-one thousand, in line with what we projected. The good news is we harvested twenty-two thousand dollars of losses in the international bond fund last month, which offsets part of the gain. We swapped into a similar fund so the allocation didn't change.
Margaret: And the gift to the foundation?
Dana: Done. Seven hundred and eighty shares went to the donor-advised fund, and the fund made the fifty thousand dollar grant to the Lakeshore Community Foundation in Richard's name. You should have received their letter.
Margaret: I did. They're putting his name on the reading room. I cried a little.
Dana: That's a lovely outcome. Now, the trust documents. The restatement Priya drafted was signed and notarized, so Thomas and Claire are officially co-successor trustees, and the education sub-trust exists.
Thomas: Does anything need funding for the education trust now, or only later?
Dana: I'd fund it now with one hundred and sixty thousand, so it can be invested on its own timeline. The oldest grandchild is thirteen, so it would be sixty percent stocks and forty percent bonds, becoming more conservative as each child approaches college.
Thomas: Makes sense. Claire and I talked about that, and we're both fine with it.
Margaret: Then let's do it.
Dana: Next, Margaret's required minimum distribution from her IRA. This year's RMD is thirty-one thousand four hundred dollars, and twelve thousand of it hasn't been taken yet.
Margaret: I'd rather not have more income. The tax bill last year was a shock.
Dana: Then I suggest a qualified charitable distribution. You give to St. Mark's every year anyway. If ten thousand dollars goes directly from the IRA to St. Mark's, it counts toward the RMD and isn't taxed as income at all.
Margaret: I usually write them a check for eight thousand at the end of the year. Ten is fine.
Dana: Good. The remaining two thousand we'll distribute to your checking account, with ten percent federal withholding.
Thomas: One more question. What about the second Lakeshore tranche? The stock has gone up since we sold the first tranche.
Dana: It's around sixty-nine dollars now. The plan says early next tax year, which keeps this year's gain where it is. I'd stick to the plan rather than try to time the price, but it's your mother's decision.
Margaret: Let me think about it for a few weeks. I'll tell you at our next meeting.
Thomas: I'd also like a short orientation on what a co-trustee actually does. I don't want to learn it in a crisis.
Dana: Good idea. Priya and I can run a one-hour session for you and Claire. I'll find a date that suits both of you.
Thomas: I'll also send Claire a copy of the signed restatement so she has it.
Dana: To recap: I fund the education sub-trust and process the ten thousand dollar charitable distribution to St. Mark's, Thomas sends Claire the restatement and we set up the trustee orientation, and Margaret decides on the timing of the second tranche.
Margaret: Perfect. When is our next review?
Dana: Let's say {next}, the usual quarterly rhythm.
Thomas: Put it in the calendar. Thanks, Dana.`,
    executiveSummary:
      "The Hendricks Family Trust passed $5 million ($5,020,000) with a 2.1% quarterly return and 7.4% year to date, ahead of the 6.8% benchmark. The first Lakeshore Bancorp tranche (3,200 shares, ~$205,000) is sold, partly offset by $22,000 of harvested losses, and the $50,000 gift to the Lakeshore Community Foundation is complete. The restated trust is signed, naming Thomas and Claire as co-successor trustees, and the $160,000 education sub-trust will now be funded. Margaret will cover $10,000 of her remaining RMD with a qualified charitable distribution to her church.",
    keyPoints: [
      "Trust value $5,020,000; quarter +2.1%, year to date +7.4% vs 6.8% benchmark",
      "First Lakeshore tranche sold: 3,200 shares at $64.10 (~$205,000), gain ~$160,000, estimated tax ~$31,000",
      "$22,000 of losses harvested in the international bond fund to offset part of the gain",
      "780 shares donated via the donor-advised fund; $50,000 grant made to the Lakeshore Community Foundation in Richard's name",
      "Education sub-trust to be funded with $160,000 at 60% stocks / 40% bonds, glide path toward college",
      "Remaining RMD $12,000: $10,000 as a qualified charitable distribution to St. Mark's, $2,000 to checking with 10% withholding",
    ],
    actionItems: [
      {
        task: "Fund the education sub-trust and send the $10,000 qualified charitable distribution to St. Mark's",
        assignee: "Dana Whitfield",
      },
      {
        task: "Send Claire the signed trust restatement and agree a date for the co-trustee orientation",
        assignee: "Thomas Hendricks",
      },
      { task: "Decide on the timing of the second Lakeshore Bancorp tranche", assignee: "Margaret Hendricks" },
    ],
    next: {
      inDays: 91,
      topics: [
        "Second Lakeshore tranche",
        "Co-trustee orientation for Thomas and Claire",
        "Education sub-trust performance",
      ],
    },
    note: "Margaret was emotional about the reading room dedication; she's more at ease with the plan now than at any point since Richard died. Thomas is clearly preparing to take over: lean on him for logistics, but every decision still goes to Margaret first. Claire missed again; send her the summary personally and invite her to the trustee orientation. Don't push the second Lakeshore tranche before the new tax year.",
  },
];
