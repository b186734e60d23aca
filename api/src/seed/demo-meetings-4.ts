import type { DemoMeeting } from "./demo-types";

const castellano = { Dana: "Dana Whitfield", Priya: "Priya Raman", Ruth: "Ruth Castellano" };

export const castellanoMeetings: DemoMeeting[] = [
  {
    client: "castellano",
    title: "Estate Planning Consultation",
    type: "Estate Planning",
    when: { daysAgo: 55, time: "10:30" },
    speakers: castellano,
    script: `Dana: Ruth, welcome. Thank you for coming in. This is Priya Raman, the estate attorney I work with. I asked her to join because what you described on the phone is mostly a legal question.
Priya: Hello, Ruth. Dana tells me your will is quite old.
Ruth: More than twenty years old. I signed it in 2004, when my husband Frank was alive and the children were still finding their feet. Everything in it is out of date.
Priya: Then let's start from scratch. Could you describe what you own, roughly?
Ruth: The house, which the agent says is worth about six hundred and forty thousand. The brokerage account Dana manages, around four hundred and ten thousand. My IRA from the school district, three hundred and eighty thousand. A life insurance policy of one hundred and fifty thousand. And the cabin on the lake in Wisconsin, maybe two hundred and ninety thousand.
Dana: Those are close to my figures. That's just under one million nine hundred thousand in total.
Priya: And your family?
Ruth: Three children. Elena, who's fifty and very organized. Marco, forty-seven. And Gina, the youngest, forty-three, who lives in Oregon.
Priya: What would you like to happen, in your own words?
Ruth: I want everything split equally among the three. I want the cabin to stay in the family, because the grandchildren love it. And I don't want the children fighting or spending a year in court.
Priya: Those are very clear goals. The biggest issue with your current will is probate. Everything in your name alone goes through probate here, and the cabin would go through a second probate in Wisconsin, because real estate is handled where it sits.
Ruth: Two court cases? My neighbour's family went through that. It took over a year.
Priya: That's typical. My recommendation is a revocable living trust. You remain in full control while you're alive, and at your death the trust is administered privately, without probate. We'd also do a pour-over will, a durable power of attorney and a healthcare power of attorney.
Ruth: And the cabin?
Priya: For the cabin I'd suggest a family LLC owned by the trust. After your death, each child owns an equal share of the LLC, and an operating agreement sets the rules: who uses it when, who pays for the roof, and what happens if one of them wants out.
Ruth: That sounds like exactly what we need. Elena and Gina both love the place. Marco, less so.
Priya: Can I ask about Marco? You paused when you mentioned him.
Ruth: He's going through a divorce, and he has some debts from a business that failed. I love him dearly, but I worry his share would disappear.
Priya: That's common, and there's a good solution. Instead of giving Marco's share to him outright, it stays in a trust for his benefit, with a spendthrift clause. Creditors and an ex-spouse generally can't reach it, and the trustee can still pay for what he needs.
Ruth: Who would be the trustee?
Priya: Often a sibling. You said Elena is organized.
Ruth: Elena would be perfect. She's also the one I'd want as trustee for everything.
Dana: One thing to note: the IRA and the life insurance don't pass through the will or the trust unless we name the trust. They go to whoever is on the beneficiary forms. Ruth, do you know who's listed?
Ruth: I think Frank, on both. I never changed them.
Dana: Then those need updating as part of this. I'll pull the current forms and we'll align them with Priya's plan, especially for Marco's share of the IRA.
Priya: My fee for the full package is a flat four thousand two hundred dollars: the trust, pour-over will, both powers of attorney, and the cabin LLC. Wisconsin filing fees are separate, around one hundred and thirty dollars.
Ruth: That's much less than I feared.
Priya: I'll have drafts ready within four weeks. What I need from you are the deeds for the house and the cabin, and your most recent account statements.
Ruth: The deeds are in my safe deposit box. I'll go to the bank this week.
Dana: And I'll bring the IRA and insurance beneficiary forms to our next meeting.
Priya: Let's review the drafts together on {next}. Take your time reading them beforehand and write down any questions.
Ruth: Thank you both. I've been putting this off for years, and it feels good to finally start.`,
    executiveSummary:
      "Ruth Castellano, a widow with an estate of about $1.9 million, needs to replace her 2004 will, which does not reflect her wishes or avoid probate in two states. Priya Raman recommended a revocable living trust with a pour-over will and powers of attorney, plus a family LLC to keep the Wisconsin lake cabin in the family under clear usage rules. Marco's share will be held in a spendthrift trust because of his divorce and business debts, with Elena as trustee for him and for the main trust. The IRA and life insurance beneficiary forms still name her late husband Frank and must be updated.",
    keyPoints: [
      "Estate ~$1.87M: house $640,000, brokerage $410,000, IRA $380,000, life insurance $150,000, Wisconsin cabin $290,000",
      "Goals: equal shares for Elena, Marco and Gina, keep the cabin in the family, avoid court",
      "Revocable living trust avoids probate here and ancillary probate in Wisconsin",
      "Cabin to be held by a family LLC owned by the trust, with an operating agreement on use, costs and exits",
      "Marco's share in a spendthrift trust; Elena named trustee",
      "Flat fee $4,200 (plus ~$130 Wisconsin filing fees); drafts within four weeks",
    ],
    actionItems: [
      {
        task: "Draft the revocable trust, pour-over will, powers of attorney and cabin LLC within four weeks",
        assignee: "Priya Raman",
      },
      { task: "Retrieve the house and cabin deeds from the safe deposit box", assignee: "Ruth Castellano" },
      { task: "Pull the IRA and life insurance beneficiary forms that still name Frank", assignee: "Dana Whitfield" },
    ],
    next: { inDays: 43, topics: ["Review of the trust and LLC drafts", "Beneficiary designations"] },
  },
  {
    client: "castellano",
    title: "Revocable Trust Draft Review",
    type: "Estate Planning",
    when: { daysAgo: 12, time: "14:00" },
    speakers: castellano,
    script: `Priya: Ruth, good afternoon. Did you have a chance to read the drafts?
Ruth: Twice, with a cup of tea and a pencil. I have a few notes in the margins.
Priya: Perfect, that's exactly how it should be done. Let's go through the trust first, then the cabin LLC, and then the paperwork to fund the trust.
Dana: And I brought the beneficiary forms for the IRA and the insurance, so we can finish those today too.
Priya: Article three names you as trustee during your lifetime, and Elena as successor trustee. If Elena can't serve, Gina steps in. Is that still right?
Ruth: Yes. I talked with both of them. Elena was touched. Gina said she's relieved it's not her.
Priya: Good. Article five is the distribution. After your death everything is divided into three equal shares. Elena's and Gina's shares go to them outright. Marco's share stays in trust.
Ruth: This is where my first note is. The draft says Elena may distribute money to Marco only for his health and basic support. It sounds so cold. I don't want him to feel punished.
Priya: That's a fair concern. We can broaden it to the usual standard: health, education, maintenance and support. Elena could then also pay for things like a course, or help with a down payment on a home.
Ruth: Yes, that's better. And could there be a point where he just gets the rest?
Priya: We can add that. For example, once Marco has been free of the divorce and any judgments for five years, Elena may distribute the remainder to him outright. It protects him now without tying him up forever.
Ruth: That's what I want. Frank would have said the same.
Priya: My second change from your notes, I think, is the gift to the library.
Ruth: Yes. I was a school principal for thirty-one years. I'd like to leave twenty-five thousand dollars to the public library foundation, for the children's reading program.
Dana: A suggestion there: it's more tax-efficient to make that gift from the IRA rather than the trust. The foundation pays no income tax on IRA money, while your children would. We can name the foundation on the IRA beneficiary form for a fixed twenty-five thousand.
Priya: I agree. I'll leave a short statement of your wishes in the trust, but the money itself comes from the IRA.
Ruth: Whatever works best. Now the cabin.
Priya: The LLC operating agreement gives each child one third. Each family gets the cabin for two weeks in July and August, in rotation. The trust will leave sixty thousand dollars in a maintenance fund inside the LLC, so nobody argues about the first new roof.
Ruth: Sixty thousand is good. The roof is fifteen years old, so that argument is coming.
Priya: And if a child wants out, the others can buy their share at an appraised value, paid over up to five years. Marco would likely use that.
Ruth: He'd probably prefer the money. That's fine.
Priya: Now funding. A trust only works for assets that are actually in it. The house needs a new deed to the trust, which I'll record. The brokerage account gets retitled to the trust. The cabin is deeded to the LLC in Wisconsin.
Dana: For the brokerage I'll prepare the retitling paperwork. It's one form and a copy of the trust certificate. Nothing is sold, so there's no tax.
Ruth: And the IRA?
Dana: The IRA stays in your name and passes by beneficiary form. I've prepared new forms: twenty-five thousand to the library foundation, then the rest equally to Elena, Gina and Marco's trust. The life insurance goes one third to each, with Marco's third also to his trust.
Ruth: Good. Where do I sign those?
Dana: You can sign the beneficiary forms today. I'll submit them this afternoon.
Priya: I'll revise the trust with the broader distribution standard, the five-year release for Marco and the library wish, and send you the final version by next Wednesday. Then we sign everything on {next}, with a notary and two witnesses.
Ruth: Should the children be there?
Priya: It isn't required, but Elena should get a copy afterward, since she'll be the one to act.
Ruth: I'll bring Elena. Thank you both. For the first time in years, I'm not worried about this.`,
    executiveSummary:
      "Ruth Castellano reviewed Priya Raman's drafts of her revocable trust and cabin LLC, confirming Elena as successor trustee with Gina as backup. Marco's trust share will use the broader health, education, maintenance and support standard and can be released to him outright after five years free of the divorce and judgments. Ruth's $25,000 gift to the public library foundation will come from the IRA by beneficiary designation, which is more tax-efficient than a gift from the trust. The cabin LLC gets a $60,000 maintenance fund and a rotation schedule, and the signing is scheduled with Elena attending.",
    keyPoints: [
      "Trustees: Ruth during her life, then Elena, with Gina as backup",
      "Marco's share: distribution standard broadened to health, education, maintenance and support; outright release after five clean years",
      "$25,000 to the public library foundation's children's reading program via the IRA beneficiary form",
      "Cabin LLC: equal thirds, two-week summer rotation, $60,000 maintenance fund, buyout at appraised value over up to five years",
      "Funding: house deed recorded to the trust, brokerage retitled (no sale, no tax), cabin deeded to the LLC",
      "New IRA and life insurance beneficiary forms signed at the meeting",
    ],
    actionItems: [
      {
        task: "Revise the trust (broader standard, five-year release, library wish) and send the final version by next Wednesday",
        assignee: "Priya Raman",
      },
      {
        task: "Submit the new beneficiary forms and prepare the brokerage retitling paperwork",
        assignee: "Dana Whitfield",
      },
      { task: "Bring Elena to the signing and give her a copy of the signed documents", assignee: "Ruth Castellano" },
    ],
    next: {
      inDays: 16,
      topics: ["Signing of the trust, will and powers of attorney", "Deed recording and account retitling"],
    },
    note: "Ruth is worried Marco will read the trust as a judgment on him. Priya's five-year release helped a lot; suggest Ruth tells Marco about the structure herself before he hears it from Elena. Gina lives in Oregon and wasn't in the loop: offer a video call after the signing. Brokerage retitling form to go out the week after signing; check the cabin deed has been recorded in Wisconsin before closing the file.",
  },
];
