import { useCallback, useEffect, useId, useState } from "react";
import { dismissToastSoon, toast } from "./toast";

/**
 * A toast that describes a state lasts only as long as that state: the toast shown with `key` is dismissed once
 * `holds` turns false (the missing fields are filled, the refused entry is changed, the dialog is closed) and when
 * the component that shows it goes away (the next step, a closed dialog).
 */
export function useToastWhile(key: string, holds: boolean): void {
  useEffect(() => {
    if (!holds) dismissToastSoon(key);
  }, [key, holds]);
  useEffect(() => () => dismissToastSoon(key), [key]);
}

type ToastInput = Parameters<typeof toast>[0];

/**
 * For a toast about what was refused (by the server, or a check on submit): returns the function that shows it. The
 * toast describes the entry as it was sent (`entry`, e.g. the form's values as JSON), so it ends once the entry is
 * changed or the form closes (`open` false, or the component gone).
 */
export function useRefusalToast(name: string, entry: string, open = true): (input: Omit<ToastInput, "key">) => void {
  // One key per form shown: another copy of the same dialog (one per client row) never ends this one's toast.
  const key = `${name}:${useId()}`;
  const [refused, setRefused] = useState<string | null>(null);
  useToastWhile(key, open && refused === entry);
  return useCallback(
    (input) => {
      setRefused(entry);
      toast({ ...input, key });
    },
    [entry, key],
  );
}
