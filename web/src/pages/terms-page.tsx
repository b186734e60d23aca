import { Fragment } from "react";
import { Link } from "react-router";
import { PublicLayout } from "../components/public/public-layout";
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from "../components/public/terms-content";
import { FOCUS_RING } from "../components/ui/focus-ring";
import { SUPPORT_EMAIL } from "../lib/brand";

/** Renders a paragraph, turning the support address into a mailto link. */
function Paragraph({ text }: { text: string }) {
  const parts = text.split(SUPPORT_EMAIL);
  return (
    <p className="leading-7 text-slate-700 dark:text-slate-300">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className={`rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`}
            >
              {SUPPORT_EMAIL}
            </a>
          )}
          {part}
        </Fragment>
      ))}
    </p>
  );
}

export default function TermsPage() {
  return (
    <PublicLayout mainClassName="flex-1 px-4 py-12 sm:px-6 sm:py-16">
      <article className="card mx-auto max-w-3xl p-6 sm:p-10">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">Terms of Service</h1>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{`Last Updated: ${TERMS_LAST_UPDATED}`}</p>
        <ol className="mt-10 space-y-8" aria-label="Sections">
          {TERMS_SECTIONS.map((section, i) => (
            <li key={section.title} className="space-y-3">
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
                {i + 1}. {section.title}
              </h2>
              {section.paragraphs.map((text) => (
                <Paragraph key={text} text={text} />
              ))}
            </li>
          ))}
        </ol>
        <div className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-800">
          <Link to="/register" className="btn-primary w-full sm:w-auto">
            Return to Registration
          </Link>
        </div>
      </article>
    </PublicLayout>
  );
}
