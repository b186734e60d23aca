// Question sets for the Meeting Intelligence answer benchmark (ai/bench/answers.ts) and the relevance threshold in
// ai/src/search/rank/ (score-sentences.ts, relevance.ts).
//
// OFF_TOPIC: questions no advisor meeting answers (weather, sports, recipes, general knowledge, gibberish): each must
// be answered "nothing found", with no sources.
// ADVISOR: questions over the demo account's meetings (api/src/seed/demo-meetings-*.ts), each with the words of the
// fact it expects; the fact must appear (case-insensitive) within the answer's first 400 characters.

export const OFF_TOPIC: string[] = [
  "What is the weather in Paris?",
  "xqzv",
  "Will it rain in Chicago tomorrow?",
  "What's the forecast for the weekend in London?",
  "Who won the World Cup in 2018?",
  "How many goals did Messi score last season?",
  "Who won the Super Bowl?",
  "What is the score of the Lakers game?",
  "How do I bake sourdough bread?",
  "What's a good recipe for chicken curry?",
  "How long should I boil an egg?",
  "What is the capital of France?",
  "Who painted the Mona Lisa?",
  "How far is the moon from the earth?",
  "What is the speed of light?",
  "Who wrote Pride and Prejudice?",
  "When did the Roman Empire fall?",
  "What is photosynthesis?",
  "How tall is Mount Everest?",
  "asdf qwer zxcv",
  "blorptang fizzwick",
  "lorem ipsum dolor sit amet",
  "What's the best pizza topping?",
  "Recommend a good science fiction movie",
  "How do I fix a flat bicycle tire?",
  "What time does the pharmacy close?",
  "Translate hello into Japanese",
  "What is the population of Tokyo?",
  "How do I train my puppy to sit?",
  "Which planet is closest to the sun?",
  "What are the rules of cricket?",
  "How do you play the guitar chord G major?",
  "What is the boiling point of water in Kelvin?",
  "Who is the lead singer of Coldplay?",
  "zzkrt vmmpl oqq",
];

export interface AdvisorQuestion {
  question: string;
  /** Words of the expected fact, as said in the meeting (any one of the alternatives counts). */
  expect: string[];
}

export const ADVISOR: AdvisorQuestion[] = [
  // Hendricks Family Trust
  {
    question: "How much is the Hendricks trust worth?",
    expect: ["four million eight hundred", "five million and twenty", "$4.81 million", "$4,812,000"],
  },
  { question: "What did the trust return over the last twelve months?", expect: ["6.2 percent", "6.2%"] },
  { question: "How much is Margaret's monthly distribution?", expect: ["sixteen thousand", "$16,000"] },
  {
    question: "How many Lakeshore Bancorp shares does the trust hold?",
    expect: ["nine thousand six hundred", "9,600"],
  },
  { question: "How will the Lakeshore Bancorp position be sold?", expect: ["three tranches", "three annual tranches"] },
  {
    question: "What is the tax on each Lakeshore tranche?",
    expect: ["thirty thousand dollars a tranche", "$30,000 tax per tranche", "thirty-one thousand"],
  },
  {
    question: "How much does Margaret want to give to the Lakeshore Community Foundation?",
    expect: ["fifty thousand", "$50,000"],
  },
  {
    question: "How many Lakeshore shares went to the donor-advised fund?",
    expect: ["seven hundred and eighty", "780"],
  },
  { question: "What does the municipal ladder yield?", expect: ["3.4 percent", "3.4%"] },
  { question: "Who will gather the grandchildren's education plans?", expect: ["Thomas", "Claire"] },
  { question: "Who should be the co-trustees?", expect: ["Thomas and Claire"] },
  { question: "What does the corporate trustee charge?", expect: ["0.45 percent", "0.45%"] },
  { question: "How much is Margaret's IRA worth?", expect: ["seven hundred and twenty thousand", "$720,000"] },
  { question: "How much will fund the education sub-trust?", expect: ["one hundred and sixty thousand", "$160,000"] },
  {
    question: "What is Margaret's required minimum distribution this year?",
    expect: ["thirty-one thousand four hundred", "$31,400"],
  },
  {
    question: "How much goes to St. Mark's as a qualified charitable distribution?",
    expect: ["ten thousand", "$10,000"],
  },
  { question: "What are they putting in Richard's name at the foundation?", expect: ["reading room"] },
  // Fischer (Nadia, Fernlight Labs)
  {
    question: "How many shares of Fernlight Labs does Nadia own?",
    expect: ["four million two hundred thousand", "4.2 million"],
  },
  { question: "What is Nadia's salary?", expect: ["one hundred and forty thousand", "$140,000"] },
  { question: "How big should Nadia's emergency fund be?", expect: ["forty-five thousand", "$45,000"] },
  { question: "How much was left on the student loan?", expect: ["eleven thousand", "$11,000"] },
  { question: "When was the 83(b) election filed?", expect: ["thirty-one days"] },
  { question: "What was the Series A pre-money valuation?", expect: ["eighteen million", "$18M"] },
  {
    question: "How much stock did Nadia decide to sell in the secondary?",
    expect: ["two hundred and fifty thousand", "$250,000"],
  },
  { question: "What is the tax on the secondary sale?", expect: ["seventy thousand", "$70,000"] },
  { question: "What is the company's monthly burn?", expect: ["three hundred and ten thousand", "$310,000"] },
  { question: "How much goes into Nadia's home fund?", expect: ["one hundred and fifty thousand", "$150,000"] },
  { question: "What does the company disability policy cover?", expect: ["sixty percent", "60%"] },
  // Alvarez Bakery
  { question: "How much did the deck oven cost?", expect: ["forty-eight thousand", "$48,000"] },
  { question: "How much will Rosa owe for last year?", expect: ["fourteen thousand two hundred", "$14,200"] },
  { question: "Which contractor never sent a W-9?", expect: ["Silva"] },
  { question: "What salary is defensible for Rosa?", expect: ["ninety thousand", "$90,000"] },
  { question: "How big is the SBA loan the bank offered?", expect: ["two hundred and fifty thousand", "$250,000"] },
  { question: "What rent does the Riverside landlord want?", expect: ["forty-eight hundred", "$4,800"] },
  {
    question: "How much did the contractor quote for the Riverside buildout?",
    expect: ["one hundred and thirty-five thousand", "$135,000"],
  },
  // Castellano (Ruth)
  { question: "What is Ruth's house worth?", expect: ["six hundred and forty thousand", "$640,000"] },
  { question: "What is Priya's fee for the estate plan?", expect: ["four thousand two hundred", "$4,200"] },
  {
    question: "How much does Ruth want to leave to the library foundation?",
    expect: ["twenty-five thousand", "$25,000"],
  },
  { question: "How much goes into the cabin maintenance fund?", expect: ["sixty thousand", "$60,000"] },
  { question: "Who is the successor trustee in Ruth's trust?", expect: ["Elena"] },
  // Pierce (Walter and Joan)
  {
    question: "How much is Walter's 401(k)?",
    expect: ["one million one hundred and twenty thousand", "$1.12 million", "$1,120,000"],
  },
  { question: "How much do the Pierces want to spend each month?", expect: ["nine thousand five hundred", "$9,500"] },
  { question: "How big is the cash reserve for the Pierces?", expect: ["two hundred and thirty thousand", "$230,000"] },
  { question: "What does the marketplace plan cost after the subsidy?", expect: ["one hundred and ninety", "$190"] },
  {
    question: "How much did Ray want them to put into the variable annuity?",
    expect: ["four hundred thousand", "$400,000"],
  },
  { question: "What is the average expense ratio of the Pierce funds?", expect: ["0.09 percent", "0.09%"] },
];
