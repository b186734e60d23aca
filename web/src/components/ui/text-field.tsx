import type { InputHTMLAttributes, Ref } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "className">;

/** A labelled text input bound to a string value, with an optional hint and an inline error under it. */
export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  inputRef,
  labelHidden = false,
  className,
  ...rest
}: InputProps & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** Shown under the field (role="alert") and marks the input invalid. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The label is read out but not shown (the placeholder and the layout say what the field is for). */
  labelHidden?: boolean;
  /** Classes of the box around label, input and messages. */
  className?: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelHidden ? "sr-only" : "label"}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        className="input"
        value={value}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
