/** Under a field: its problem when it has one, else (when `always`, or near the limit) how much of the limit is used. */
export function FieldNote({
  id,
  error,
  length,
  max,
  always = false,
}: {
  id: string;
  error?: string | undefined;
  length: number;
  max: number;
  always?: boolean;
}) {
  if (error) {
    return (
      <p id={id} className="basis-full text-sm font-medium text-red-700 dark:text-red-300">
        {error}
      </p>
    );
  }
  if (!always && length <= max * 0.9) return null;
  return (
    <p id={id} className="basis-full text-xs text-slate-600 dark:text-slate-400">
      {length.toLocaleString("en-US")} / {max.toLocaleString("en-US")} characters
    </p>
  );
}

/** The attributes that tie a field to its note: marked invalid, and described by the note when one shows. */
export function noteProps(id: string, error: string | undefined, shown: boolean) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error || shown ? id : undefined,
  } as const;
}

/** A field's problem alone (a field without a length limit); nothing when it has none. */
export function ErrorNote({ id, error }: { id: string; error: string | undefined }) {
  return error ? <FieldNote id={id} error={error} length={0} max={1} /> : null;
}
