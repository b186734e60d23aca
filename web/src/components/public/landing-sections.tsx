import type { ReactNode } from "react";
import { Link } from "react-router";
import { PLAN_NAME, PLAN_PRICE_USD, SUPPORT_EMAIL } from "../../lib/brand";
import { FOCUS_RING } from "../ui/focus-ring";
import { CheckIcon, MicIcon, SearchIcon, ShieldIcon, SummaryIcon } from "./landing-icons";

const SECTION_TITLE = "text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white";
const SECTION_LEAD = "mt-3 max-w-2xl text-base leading-7 text-slate-600 dark:text-slate-300";
const MAIL_LINK = `rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`;

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
}

const FEATURES: Feature[] = [
  {
    title: "AI transcription",
    text: "Upload the audio of a client meeting and receive a complete, accurate transcript — no more typing up notes after every call.",
    icon: <MicIcon />,
  },
  {
    title: "Intelligent summaries",
    text: "Every meeting becomes an executive summary, key points, action items with assignees and the topics for your next meeting.",
    icon: <SummaryIcon />,
  },
  {
    title: "Searchable knowledge",
    text: "Ask Meeting Intelligence about any client or conversation. Answers draw on your transcripts and notes and cite the meeting they came from.",
    icon: <SearchIcon />,
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <h2 id="features-title" className={SECTION_TITLE}>
        Everything from the meeting, ready when you need it
      </h2>
      <p className={SECTION_LEAD}>Spend the meeting with your client, not with your notepad.</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="card p-6" data-testid="feature-card">
            <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
              {feature.icon}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SECURITY_CLAIMS: { title: string; text: string }[] = [
  {
    title: "Never used to train models",
    text: "Your recordings, transcripts and notes are never used to train AI models.",
  },
  {
    title: "Never shared with third parties",
    text: "Your data and your clients' information are never sold or shared with third parties.",
  },
  {
    title: "Self-hostable",
    text: "Run it on your own infrastructure when your firm's policies require full control.",
  },
  {
    title: "Encrypted in transit",
    text: "All traffic between your browser and the service is encrypted.",
  },
];

export function SecuritySection() {
  return (
    <section
      aria-labelledby="security-title"
      className="border-y border-slate-200 bg-slate-100/70 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="flex items-center gap-3 text-indigo-700 dark:text-indigo-300">
          <ShieldIcon />
          <p className="text-sm font-semibold uppercase tracking-wide">Security and privacy</p>
        </div>
        <h2 id="security-title" className={`mt-3 max-w-3xl ${SECTION_TITLE}`}>
          Your clients' confidence is your business — and ours
        </h2>
        <p className={SECTION_LEAD}>Client conversations are confidential. We treat them that way.</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {SECURITY_CLAIMS.map((claim) => (
            <li
              key={claim.title}
              className="flex gap-3 rounded-xl bg-white p-5 shadow-sm dark:bg-slate-900 dark:ring-1 dark:ring-slate-800"
            >
              <span className="mt-0.5 text-emerald-600 dark:text-emerald-400">
                <CheckIcon />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{claim.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-300">{claim.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const PLAN_FEATURES = [
  "AI transcription of your meeting recordings",
  "Executive summaries, key points and action items",
  "Meeting Intelligence search across transcripts and notes",
  "Client and meeting management with a calendar",
  "Private notes for every meeting",
];

export function PricingSection() {
  return (
    <section aria-labelledby="pricing-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
        <div>
          <h2 id="pricing-title" className={SECTION_TITLE}>
            One plan, simple pricing
          </h2>
          <p className={SECTION_LEAD}>
            Everything included, billed monthly. Cancel anytime by contacting support — no long-term contract.
          </p>
          <FaqList />
        </div>
        <div className="card p-6 ring-1 ring-indigo-600/20 sm:p-8 dark:ring-indigo-400/20">
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{PLAN_NAME}</h3>
          <p className="mt-4 flex items-baseline gap-1 text-slate-900 dark:text-white">
            <span className="text-5xl font-semibold tracking-tight">{`$${PLAN_PRICE_USD}`}</span>
            <span className="text-base text-slate-600 dark:text-slate-300">/month</span>
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Cancel anytime.</p>
          <ul className="mt-6 space-y-3 text-sm text-slate-700 dark:text-slate-200">
            {PLAN_FEATURES.map((item) => (
              <li key={item} className="flex gap-3">
                <span className="text-indigo-600 dark:text-indigo-400">
                  <CheckIcon />
                </span>
                {item}
              </li>
            ))}
          </ul>
          <Link to="/register" className="btn-primary mt-8 w-full py-3 text-base">
            Get started
          </Link>
        </div>
      </div>
    </section>
  );
}

function FaqList() {
  const mail = (
    <a href={`mailto:${SUPPORT_EMAIL}`} className={MAIL_LINK}>
      {SUPPORT_EMAIL}
    </a>
  );
  const items: { q: string; a: ReactNode }[] = [
    {
      q: "How do I change my username, password or e-mail?",
      a: <>Contact support at {mail} and we will make the change for you.</>,
    },
    {
      q: "How do I cancel my subscription?",
      a: <>You can cancel anytime: e-mail {mail} and we will cancel your subscription.</>,
    },
    {
      q: "Is my meeting data used to train AI models?",
      a: <>No. Your data is never used to train models and is never shared with third parties.</>,
    },
  ];
  return (
    <dl className="mt-8 space-y-6">
      {items.map((item) => (
        <div key={item.q}>
          <dt className="font-semibold text-slate-900 dark:text-white">{item.q}</dt>
          <dd className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-300">{item.a}</dd>
        </div>
      ))}
    </dl>
  );
}
