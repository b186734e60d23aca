import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
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

const content = () => document.querySelector("[data-scope=select][data-part=content]");

/** Opens the list the way a user does, and waits for it to be mounted. */
async function openList(trigger: HTMLElement) {
  fireEvent.click(trigger);
  await waitFor(() => expect(content()).not.toBeNull());
  return content()!;
}

// Portalled to <body>, the list sat under the dialog and was aria-hidden by it: no client could be picked.
test("inside a dialog the option list is rendered within the dialog", async () => {
  const view = renderInModal(true);
  const dialog = await view.findByRole("dialog");
  const listbox = await openList(view.getByRole("combobox"));
  expect(dialog.contains(listbox)).toBe(true);
});

test("outside a dialog the option list is portalled to the body", async () => {
  const view = renderInModal(false);
  const dialog = await view.findByRole("dialog");
  const listbox = await openList(view.getByRole("combobox"));
  expect(dialog.contains(listbox)).toBe(false);
});

// zag-js copies the content's computed z-index onto the positioner; a class on the positioner itself is overridden.
test("the z-index class sits on the list, not the positioner", async () => {
  const view = render(
    <SelectField label="Client" placeholder="All Clients" options={OPTIONS} value={null} onChange={() => {}} />,
  );
  const list = await openList(view.getByRole("combobox"));
  const positioner = document.querySelector("[data-scope=select][data-part=positioner]");
  expect(list.className).toContain("z-[60]");
  expect(positioner?.className ?? "").not.toContain("z-[");
});

// A closed select renders no options: a dashboard with many clients renders them only when the list opens.
test("the options are mounted when the list opens, not before", async () => {
  const view = render(
    <SelectField label="Client" placeholder="All Clients" options={OPTIONS} value={null} onChange={() => {}} />,
  );
  expect(content()).toBeNull();
  expect(view.queryByText("Abbott Estate")).toBeNull();
  await openList(view.getByRole("combobox"));
  expect(view.getByText("Abbott Estate")).toBeTruthy();
});
