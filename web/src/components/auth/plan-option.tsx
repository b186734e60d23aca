import type { ReactNode } from "react";

/** A card-shaped native radio: the whole card is the label, so it is clickable and keyboard reachable. */
export function PlanOption({
  name,
  value,
  checked,
  disabled = false,
  title,
  price,
  children,
  onSelect,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  title: string;
  price: string;
  children?: ReactNode;
  onSelect: (value: string) => void;
}) {
  const id = `${name}-${value}`;
  return (
    <label
      htmlFor={id}
      className={`relative block rounded-xl border p-5 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
        checked
          ? "border-indigo-600 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-500/10"
          : "border-slate-200 bg-white hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700"
      } ${disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer"}`}
    >
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="radio"
          name={name}
          value={value}
          checked={checked}
          disabled={disabled}
          onChange={() => onSelect(value)}
          className="mt-1 h-4 w-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-semibold text-slate-900 dark:text-white">{title}</span>
            <span className="text-lg font-semibold text-slate-900 dark:text-white">{price}</span>
          </div>
          {children}
        </div>
      </div>
    </label>
  );
}

export function FeatureList({ features }: { features: string[] }) {
  return (
    <ul className="mt-3 space-y-1.5 text-sm text-slate-600 dark:text-slate-300">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="mt-0.5 h-4 w-4 shrink-0 fill-indigo-600 dark:fill-indigo-400"
          >
            <path d="M8.1 13.3 4.8 10l-1.1 1.1 4.4 4.4 8.4-8.4-1.1-1.1z" />
          </svg>
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
