import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, render } from "@testing-library/react";
import { MemoryRouter, type NavigateFunction, useNavigate } from "react-router";
import { MISSING_KEYS, MissingKeysProvider, useMissingOnServer } from "./missing-data";

afterEach(() => cleanup());

let navigate: NavigateFunction;

function Probe() {
  navigate = useNavigate();
  return <p data-testid="probe">{useMissingOnServer("/api/meetings/7") ? "missing" : "unknown"}</p>;
}

test("the server's 404 holds for the address it rendered, not after a navigation, even back to the same address", async () => {
  const view = render(
    <MemoryRouter initialEntries={["/meetings/7"]}>
      <MissingKeysProvider fallback={{ [MISSING_KEYS]: ["/api/meetings/7"] }}>
        <Probe />
      </MissingKeysProvider>
    </MemoryRouter>,
  );
  expect(view.getByTestId("probe").textContent).toBe("missing");
  await act(async () => navigate("/meetings/8"));
  await act(async () => navigate("/meetings/7"));
  expect(view.getByTestId("probe").textContent).toBe("unknown");
});

test("a fallback without the entry, or with anything but paths in it, says nothing is missing", () => {
  for (const fallback of [{}, { [MISSING_KEYS]: "/api/meetings/7" }, { [MISSING_KEYS]: [7] }]) {
    const view = render(
      <MemoryRouter initialEntries={["/meetings/7"]}>
        <MissingKeysProvider fallback={fallback}>
          <Probe />
        </MissingKeysProvider>
      </MemoryRouter>,
    );
    expect(view.getByTestId("probe").textContent).toBe("unknown");
    cleanup();
  }
});
