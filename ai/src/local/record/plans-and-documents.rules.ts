// The plans, accounts, documents and proceedings an adviser's meeting is about, by practice: what a reader of the
// notes needs named ("supplemental needs trust", "S corp election", "QDRO", "mediation") and what the words said most
// often miss (they list laughter, first names and "percent"). A term said twice or more is a subject of the meeting,
// written "Discussed: …" in the summary. Each pattern is an alternation of plain phrases: linear.

import { ruleTable } from "../../language/rules";

export const plansAndDocuments = ruleTable<{ practice: string }>({
  id: "record.plans-and-documents",
  description: "Plans, accounts, documents and proceedings a meeting is about; one said twice or more is 'Discussed'.",
  combine: "Every row is read over the whole meeting; each term is counted on its own, in its words as said.",
  rules: [
    {
      id: "estate",
      matches: "trusts, wills, powers of attorney, probate",
      pattern:
        /\b(?:revocable trust|living trust|irrevocable trust|supplemental needs trust|special needs trust|third-party trust|testamentary trust|spendthrift trust|pour-over will|new wills?|codicil|power of attorney|health care directive|health care proxy|advance directive|living will|executor|personal representative|successor trustee|co-trustees?|guardianship|conservatorship|probate|small estate affidavit|letters testamentary|transfer-on-death deed|beneficiary designations?|estate tax return|gift tax return|disclaimer)\b/gi,
      effect: { practice: "estate" },
      examples: [
        { text: "we'd set up a special needs trust for him", expect: "special needs trust" },
        { text: "the executor signs the inventory", expect: "executor" },
        { text: "she will call me", expect: false, note: "'will' as a verb is no document" },
      ],
    },
    {
      id: "tax",
      matches: "tax moves, entities and filings",
      pattern:
        /\b(?:Roth conversions?|backdoor Roth|mega backdoor|estimated payments?|estimated tax|safe harbor|underpayment penalty|extra withholding|AMT|capital gains|tax-loss harvesting|qualified charitable distributions?|QCDs?|required minimum distributions?|RMDs?|IRMAA|S corp|S corporation|C corp|SEP|SEP-IRA|solo 401\(k\)|cash balance plan|Section 179|1031 exchange|step-up in basis|donor-advised fund|529 plan|installment sale)\b/gi,
      effect: { practice: "tax" },
      examples: [
        { text: "electing S corp status saves payroll tax", expect: "S corp" },
        { text: "a 1031 exchange on the duplex", expect: "1031 exchange" },
        { text: "the tax was fine", expect: false },
      ],
    },
    {
      id: "retirement-and-insurance",
      matches: "retirement accounts, benefits and insurance",
      pattern:
        /\b(?:Social Security|pension|annuity|401\(k\)|403\(b\)|457\(b\)|Roth IRA|rollover|Medicare|Medigap|Medicaid|long-term care|SSI|SSDI|ABLE account|HSA|disability insurance|life insurance|term life|whole life|umbrella policy|buy-sell(?: agreement)?|key person|deferred compensation|RSUs|ISOs|stock options|ESPP|83\(b\))\b/gi,
      effect: { practice: "retirement and insurance" },
      examples: [
        { text: "the ABLE account takes the first dollars", expect: "ABLE account" },
        { text: "a buy-sell agreement funded by insurance", expect: "buy-sell agreement" },
        { text: "we went to the cabin", expect: false },
      ],
    },
    {
      id: "family-and-business-law",
      matches: "family law, business deals and proceedings",
      pattern:
        /\b(?:prenup|prenuptial agreement|postnup|mediation|custody|parenting plan|child support|spousal support|alimony|QDRO|separation agreement|non-compete|non-solicit|operating agreement|shareholder agreement|partnership agreement|seller note|SBA loan|letter of intent|purchase agreement|refinance|pre-approval|restraining order|foreclosure|bankruptcy|lawsuit|deposition|hearing|petition)\b/gi,
      effect: { practice: "family and business law" },
      examples: [
        { text: "the QDRO splits the 401(k)", expect: "QDRO" },
        { text: "a two-year non-solicit", expect: "non-solicit" },
        { text: "see you at lunch", expect: false },
      ],
    },
  ],
});
