import { FOCUS_RING } from "../components/ui/focus-ring";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "../lib/brand";

const MAIL_LINK = `rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`;

const SUPPORT_TOPICS = [
  "Changes to your username, password or e-mail address",
  "Cancelling your subscription",
  "Billing and payment questions",
  "Data export and deletion requests",
];

const FAQ: { q: string; a: string }[] = [
  {
    q: "Why can't I change my password in the app?",
    a: "To keep your account secure, changes to your username, password or e-mail are made by our support team. Send us an e-mail from the address on your account and we will take care of it.",
  },
  {
    q: "How do I cancel my subscription?",
    a: "You can cancel anytime: e-mail support from the address on your account and ask us to cancel your subscription.",
  },
  {
    q: "My meeting still says it is processing. What should I do?",
    a: "Transcription and summarising can take a moment for longer recordings. Refresh the page after a short while; if the meeting stays in processing, contact support and include the meeting title.",
  },
  {
    q: 'Why does my meeting say "Draft transcript"?',
    a: `No speech service is connected to ${PRODUCT_NAME} for you, so it wrote the transcript itself. That draft gets many words wrong, and the summary is made from it: check names and figures against the recording before you send or file anything. For accurate transcripts, ask whoever runs ${PRODUCT_NAME} for you (your IT team or administrator) to connect a speech service. Once it is connected, open the meeting and choose "Transcribe again".`,
  },
  {
    q: "I lost the connection (or closed the tab) while recording a meeting. Is the recording lost?",
    a: `No. Record meeting keeps every few seconds of audio on your device until ${PRODUCT_NAME} has received it, and sends it as soon as the connection is back. If the page was reloaded or closed, open the app again in the same browser: it finishes sending what was recorded and tells you when the meeting is ready. Only the last few seconds before a tab closed can be missing.`,
  },
  {
    q: "Is my meeting data used to train AI models?",
    a: "No. Your recordings, transcripts and notes are never used to train models and are never shared with third parties.",
  },
];

export default function HelpPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Contact Support</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {PRODUCT_NAME} support is available by e-mail. We are happy to help.
        </p>
      </div>

      <section aria-labelledby="reach-title" className="card space-y-3 p-6">
        <h2 id="reach-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          E-mail us
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          Write to{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={MAIL_LINK}>
            {SUPPORT_EMAIL}
          </a>{" "}
          from the e-mail address on your account, and describe what you need.
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Expected response time: within one business day (Monday to Friday).
        </p>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="btn-primary">
          E-mail support
        </a>
      </section>

      <section aria-labelledby="topics-title" className="card p-6">
        <h2 id="topics-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          What support can help with
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 marker:text-indigo-500 dark:text-slate-300">
          {SUPPORT_TOPICS.map((topic) => (
            <li key={topic}>{topic}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-title" className="card p-6">
        <h2 id="faq-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          Frequently asked questions
        </h2>
        <dl className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {FAQ.map((item) => (
            <div key={item.q} className="py-4 first:pt-0 last:pb-0">
              <dt className="font-medium text-slate-900 dark:text-slate-100">{item.q}</dt>
              <dd className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
