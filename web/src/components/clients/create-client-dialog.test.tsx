import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { useState } from "react";
import { renderWithData } from "../../../test/render-with-data";
import { clearToasts, mockFetch, typeInto } from "../../pages/auth-pages-test-utils";
import { CreateClientDialog } from "./create-client-dialog";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const DUPLICATE = "A client with this name already exists. Please use a different name.";

/** The dialog behind an "Add client" button, as the Clients page has it. */
function WithOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add client
      </button>
      <CreateClientDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

const toastState = (view: ReturnType<typeof renderWithData>) =>
  view.queryByText(DUPLICATE)?.closest("[data-part=root]")?.getAttribute("data-state") ?? "gone";

async function refuseDuplicate(view: ReturnType<typeof renderWithData>) {
  fireEvent.click(view.getByRole("button", { name: "Add client" }));
  typeInto(await view.findByLabelText("Client Name"), "Okafor Holdings");
  typeInto(view.getByLabelText("Client Type"), "Wealth Management");
  fireEvent.click(view.getByRole("button", { name: "Create Client" }));
  await waitFor(() => expect(toastState(view)).toBe("open"));
}

test("the duplicate-name toast ends when the dialog closes: a reopened empty dialog shows none", async () => {
  mockFetch({ "POST /api/clients": { status: 409, body: { message: "duplicate: a client with this name exists" } } });
  const view = renderWithData(<WithOpener />, "/clients");
  await refuseDuplicate(view);
  fireEvent.click(view.getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(toastState(view)).not.toBe("open"));
  fireEvent.click(view.getByRole("button", { name: "Add client" }));
  expect(((await view.findByLabelText("Client Name")) as HTMLInputElement).value).toBe("");
  expect(toastState(view)).not.toBe("open");
});

test("the duplicate-name toast ends once the name is changed: it no longer describes what is typed", async () => {
  mockFetch({ "POST /api/clients": { status: 409, body: { message: "duplicate: a client with this name exists" } } });
  const view = renderWithData(<WithOpener />, "/clients");
  await refuseDuplicate(view);
  typeInto(view.getByLabelText("Client Name"), "Okafor Holdings II");
  await waitFor(() => expect(toastState(view)).not.toBe("open"));
});
