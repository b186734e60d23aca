import { useId } from "react";
import type { AssigneeChoice } from "../../lib/action-item-keys";

const CHOICES: { value: AssigneeChoice; label: string }[] = [
  { value: "any", label: "Anyone" },
  { value: "mine", label: "Me" },
  { value: "client", label: "The client" },
];

/** "Assigned to": anyone's tasks, the advisor's own (their account's name), or the client's. */
export function AssigneeFilter({
  value,
  onChange,
}: {
  value: AssigneeChoice;
  onChange: (value: AssigneeChoice) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Assigned to</legend>
      <span aria-hidden className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Assigned to:
      </span>
      {CHOICES.map((choice) => (
        <label
          key={choice.value}
          className="cursor-pointer rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-600 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 dark:border-slate-600 dark:text-slate-300"
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
