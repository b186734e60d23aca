import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { ClientItem } from "@cm/api/models";
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { renderWithData } from "../../../test/render-with-data";
import { clearToasts, mockFetch, typeInto } from "../../pages/auth-pages-test-utils";
import { EditClientDialog, editClientErrorMessage, splitAddresses } from "./edit-client-dialog";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const CLIENT: ClientItem = {
  id: 4,
  name: "Fenwick Partners",
  type: "Tax Advice",
  emails: ["office@fenwick.example"],
  createdAt: "2026-01-05T09:00:00.000Z",
  meetingCount: 2,
};

const renderDialog = () =>
  renderWithData(<EditClientDialog client={CLIENT} open onOpenChange={() => {}} />, "/clients");

test("addresses are read one per line or comma-separated, blanks left out", () => {
  expect(splitAddresses(" a@x.example \n\nb@x.example, c@x.example;")).toEqual([
    "a@x.example",
    "b@x.example",
    "c@x.example",
  ]);
});

test("the refusals read as creation's do, and the daily cap's own words are kept", () => {
  expect(editClientErrorMessage('409: {"message":"duplicate: a client with this name already exists"}')).toBe(
    "A client with this name already exists. Please use a different name.",
  );
  expect(editClientErrorMessage('429: {"message":"You can add at most 20 new contact addresses a day."}')).toBe(
    "You can add at most 20 new contact addresses a day.",
  );
});

test("the form starts with the client's values and sends the changed name, type and addresses", async () => {
  const calls = mockFetch({ "PATCH /api/clients/4": { body: { ...CLIENT, name: "Fenwick & Moss" } } });
  const view = renderDialog();
  const name = view.getByLabelText("Client Name") as HTMLInputElement;
  expect(name.value).toBe("Fenwick Partners");
  expect((view.getByLabelText("Client E-mail addresses") as HTMLTextAreaElement).value).toBe("office@fenwick.example");
  typeInto(name, " Fenwick & Moss ");
  typeInto(view.getByLabelText("Client E-mail addresses"), "office@fenwick.example\nmoss@fenwick.example");
  fireEvent.click(view.getByRole("button", { name: "Save Changes" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
  expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
    name: "Fenwick & Moss",
    type: "Tax Advice",
    emails: ["office@fenwick.example", "moss@fenwick.example"],
  });
  expect(await view.findByText("Client saved")).toBeTruthy();
});

test("a blank name or a wrong address is named at its field and nothing is sent; fixing it clears the error", async () => {
  const calls = mockFetch({});
  const view = renderDialog();
  typeInto(view.getByLabelText("Client Name"), "  ");
  typeInto(view.getByLabelText("Client E-mail addresses"), "not-an-address");
  fireEvent.click(view.getByRole("button", { name: "Save Changes" }));
  expect(await view.findByText("Required")).toBeTruthy();
  expect(view.getByText('"not-an-address" is not an e-mail address')).toBeTruthy();
  expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);
  typeInto(view.getByLabelText("Client Name"), "Fenwick");
  expect(view.queryByText("Required")).toBeNull();
});

test("a name another client has shows the duplicate message", async () => {
  mockFetch({
    "PATCH /api/clients/4": { status: 409, body: { message: "duplicate: a client with this name already exists" } },
  });
  const view = renderDialog();
  typeInto(view.getByLabelText("Client Name"), "Taken Name");
  fireEvent.click(view.getByRole("button", { name: "Save Changes" }));
  expect(await view.findByText("A client with this name already exists. Please use a different name.")).toBeTruthy();
});
