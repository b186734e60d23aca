import { createListCollection, Portal, Select } from "@ark-ui/react";
import { useMemo } from "react";

interface SelectOption {
  label: string;
  value: string;
}

/**
 * A labelled single-choice select (Ark UI): keyboard navigable, typeahead. No hidden native select: no form here
 * posts natively, and its one <option> per client was a third of a dashboard's render.
 * Inside a modal pass `inDialog`: a list portalled to <body> would sit under the dialog, aria-hidden and
 * outside its focus trap, so there it renders in place with fixed positioning (not clipped by the dialog's scroll).
 */
export function SelectField({
  label,
  placeholder,
  options,
  value,
  onChange,
  id,
  disabled,
  inDialog = false,
}: {
  label: string;
  placeholder: string;
  options: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  inDialog?: boolean;
}) {
  const collection = useMemo(() => createListCollection({ items: options }), [options]);
  // The positioner takes its z-index from the content's computed one (zag-js popper), so the class sits there.
  const list = (
    <Select.Positioner>
      <Select.Content className="z-[60] max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
        {collection.items.map((item) => (
          <Select.Item
            key={item.value}
            item={item}
            className="flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-sm text-slate-700 data-[highlighted]:bg-indigo-50 data-[state=checked]:font-medium dark:text-slate-200 dark:data-[highlighted]:bg-slate-800"
          >
            <Select.ItemText>{item.label}</Select.ItemText>
            <Select.ItemIndicator>✓</Select.ItemIndicator>
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Positioner>
  );
  return (
    <Select.Root
      ids={id ? { trigger: id } : undefined}
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => onChange(details.value[0] ?? null)}
      disabled={disabled}
      positioning={{ sameWidth: true, strategy: inDialog ? "fixed" : "absolute" }}
      // The options render when the list opens: a closed select of many clients costs nothing to render.
      lazyMount
      unmountOnExit
    >
      <Select.Label className="label">{label}</Select.Label>
      <Select.Control>
        <Select.Trigger className="input flex items-center justify-between text-left">
          <Select.ValueText placeholder={placeholder} className="truncate data-[placeholder]:text-slate-400" />
          <Select.Indicator aria-hidden className="ml-2 text-slate-500 dark:text-slate-400">
            ▾
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      {inDialog ? list : <Portal>{list}</Portal>}
    </Select.Root>
  );
}
