import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, render } from "@testing-library/react";
import { Modal } from "./modal";
import { SelectField } from "./select-field";

afterEach(cleanup);

const OPTIONS = [
  { label: "Okafor Family Trust", value: "1" },
  { label: "Abbott Estate", value: "2" },
];

function renderInModal(inDialog: boolean) {
  return render(
    <Modal open onOpenChange={() => {}} title="Upload Audio Recording">
      <SelectField
        label="Select Client"
        placeholder="Select a client"
        options={OPTIONS}
        value={null}
        onChange={() => {}}
        inDialog={inDialog}
      />
    </Modal>,
  );
}

// Portalled to <body>, the list sat under the dialog and was aria-hidden by it: no client could be picked.
test("inside a dialog the option list is rendered within the dialog", async () => {
  const view = renderInModal(true);
  const dialog = await view.findByRole("dialog");
  const listbox = document.querySelector("[data-scope=select][data-part=content]");
  expect(listbox).not.toBeNull();
  expect(dialog.contains(listbox)).toBe(true);
});

test("outside a dialog the option list is portalled to the body", async () => {
  const view = renderInModal(false);
  const dialog = await view.findByRole("dialog");
  const listbox = document.querySelector("[data-scope=select][data-part=content]");
  expect(listbox).not.toBeNull();
  expect(dialog.contains(listbox)).toBe(false);
});

// zag-js copies the content's computed z-index onto the positioner; a class on the positioner itself is overridden.
test("the z-index class sits on the list, not the positioner", () => {
  render(<SelectField label="Client" placeholder="All Clients" options={OPTIONS} value={null} onChange={() => {}} />);
  const content = document.querySelector("[data-scope=select][data-part=content]");
  const positioner = document.querySelector("[data-scope=select][data-part=positioner]");
  expect(content?.className).toContain("z-[60]");
  expect(positioner?.className ?? "").not.toContain("z-[");
});
