import type { InputHTMLAttributes } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "className">;

/** A labelled text input bound to a string value. */
export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  ...rest
}: InputProps & { id: string; label: string; value: string; onChange: (value: string) => void; hint?: string }) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        className="input"
        value={value}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
