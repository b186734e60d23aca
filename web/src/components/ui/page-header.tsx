import type { ReactNode } from "react";

/** A page's title row: the heading, with its line of explanation when there is one, and the page's main action. */
export function PageHeader({
  title,
  subtitle,
  actionLabel,
  onAction,
  secondary,
}: {
  title: string;
  subtitle?: ReactNode;
  actionLabel: string;
  onAction: () => void;
  /** Another action shown before the main one (e.g. "Record meeting" beside "Upload Audio"). */
  secondary?: ReactNode;
}) {
  const heading = <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">{title}</h1>;
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      {subtitle ? (
        <div>
          {heading}
          <p className="text-slate-600 dark:text-slate-400">{subtitle}</p>
        </div>
      ) : (
        heading
      )}
      <div className="flex flex-wrap gap-2">
        {secondary}
        <button type="button" className="btn-primary" onClick={onAction}>
          {actionLabel}
        </button>
      </div>
    </div>
  );
}
