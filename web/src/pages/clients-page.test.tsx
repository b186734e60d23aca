import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { ClientItem } from "@cm/api/models";
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { AddressProbe } from "../../test/address-probe";
import { renderWithData } from "../../test/render-with-data";
import { clearToasts, mockFetch, typeInto } from "./auth-pages-test-utils";
import ClientsPage from "./clients-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const client = (id: number, name: string, type: string): ClientItem => ({
  id,
  name,
  type,
  emails: [],
  createdAt: "2026-01-05T09:00:00.000Z",
  meetingCount: 0,
});

test("the client search is kept in the address: a reload shows the same clients", async () => {
  mockFetch({
    "GET /api/clients": { body: [client(1, "Okafor Holdings", "Wealth"), client(2, "Brennan Farms", "Estate")] },
  });
  const view = renderWithData(
    <>
      <ClientsPage />
      <AddressProbe />
    </>,
    "/clients",
  );
  await view.findByText("Brennan Farms");
  typeInto(view.getByLabelText("Search clients"), "oka");
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?q=oka"));
  cleanup();

  const reloaded = renderWithData(<ClientsPage />, "/clients?q=oka");
  expect(await reloaded.findByText("Okafor Holdings")).toBeTruthy();
  expect((reloaded.getByLabelText("Search clients") as HTMLInputElement).value).toBe("oka");
  expect(reloaded.queryByText("Brennan Farms")).toBeNull();
  expect(reloaded.getByText("1 client(s) found")).toBeTruthy();
});

test("a failed delete's toast ends when its confirmation is closed", async () => {
  mockFetch({
    "GET /api/clients": { body: [client(1, "Okafor Holdings", "Wealth")] },
    "DELETE /api/clients/1": { status: 500, body: { message: "boom" } },
  });
  const view = renderWithData(<ClientsPage />, "/clients");
  fireEvent.click(await view.findByRole("button", { name: /Okafor Holdings/ }));
  fireEvent.click(await view.findByRole("button", { name: "Delete Client" }));
  const dialog = await view.findByRole("alertdialog");
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete Client" }));
  const toast = (await view.findByText("Failed to delete client. Please try again.")).closest("[data-part=root]");
  expect(toast?.getAttribute("data-state")).toBe("open");
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(toast?.getAttribute("data-state")).toBe("closed"));
});
