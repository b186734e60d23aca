import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import {
  isWithinSkipWindow,
  markTooltipClosed,
  resetTooltipSkipWindow,
  TOOLTIP_OPEN_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
  Tooltip,
} from "./tooltip";

afterEach(() => {
  cleanup();
  resetTooltipSkipWindow();
});

test("the skip window lasts 300 ms after a tooltip closes", () => {
  expect(TOOLTIP_OPEN_DELAY_MS).toBe(700);
  expect(isWithinSkipWindow(1000)).toBe(false);
  markTooltipClosed(1000);
  expect(isWithinSkipWindow(1000 + TOOLTIP_SKIP_DELAY_MS - 1)).toBe(true);
  expect(isWithinSkipWindow(1000 + TOOLTIP_SKIP_DELAY_MS)).toBe(false);
});

const hover = (element: HTMLElement) => {
  fireEvent.pointerOver(element, { pointerType: "mouse" });
  fireEvent.pointerMove(element, { pointerType: "mouse" });
};

test("hovering waits for the open delay", async () => {
  const view = render(
    <Tooltip content="Delete meeting">
      <button type="button">Delete</button>
    </Tooltip>,
  );
  act(() => hover(view.getByRole("button", { name: "Delete" })));
  expect(view.queryByText("Delete meeting")).toBeNull();
});

test("hovering within 300 ms of another tooltip closing opens at once", async () => {
  const view = render(
    <Tooltip content="Copy transcript">
      <button type="button">Copy</button>
    </Tooltip>,
  );
  markTooltipClosed();
  act(() => hover(view.getByRole("button", { name: "Copy" })));
  expect((await view.findByText("Copy transcript")).textContent).toBe("Copy transcript");
});
