import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { useState } from "react";
import { Toaster } from "../components/ui/toaster";
import { clearToasts } from "../pages/auth-pages-test-utils";
import { toast } from "./toast";
import { useRefusalToast, useToastWhile } from "./use-toast-while";

afterEach(() => {
  clearToasts();
  cleanup();
});

const stateOf = (view: ReturnType<typeof render>, text: string) =>
  view.queryByText(text)?.closest("[data-part=root]")?.getAttribute("data-state") ?? "gone";

function MissingName() {
  const [name, setName] = useState("");
  useToastWhile("missing-name", !name);
  return (
    <>
      <button type="button" onClick={() => toast({ key: "missing-name", title: "Name missing" })}>
        Check
      </button>
      <button type="button" onClick={() => setName(name ? `${name}!` : "Ada")}>
        Type
      </button>
    </>
  );
}

test("a toast about a state stays while it holds and ends when it stops holding", async () => {
  const view = render(
    <>
      <MissingName />
      <Toaster />
    </>,
  );
  fireEvent.click(view.getByText("Check"));
  await waitFor(() => expect(stateOf(view, "Name missing")).toBe("open"));
  fireEvent.click(view.getByText("Type"));
  await waitFor(() => expect(stateOf(view, "Name missing")).toBe("closed"));
});

function Steps() {
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown ? <MissingName /> : null}
      <button type="button" onClick={() => setShown(false)}>
        Next step
      </button>
    </>
  );
}

test("a toast about a state ends with the component that showed it", async () => {
  const view = render(
    <>
      <Steps />
      <Toaster />
    </>,
  );
  fireEvent.click(view.getByText("Check"));
  await waitFor(() => expect(stateOf(view, "Name missing")).toBe("open"));
  fireEvent.click(view.getByText("Next step"));
  await waitFor(() => expect(stateOf(view, "Name missing")).toBe("closed"));
});

function Form({ label }: { label: string }) {
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(true);
  const refused = useRefusalToast("form-refused", value, open);
  return (
    <>
      <button type="button" onClick={() => refused({ title: `${label} refused` })}>
        Send {label}
      </button>
      <button type="button" onClick={() => setValue(`${value}x`)}>
        Change {label}
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Close {label}
      </button>
    </>
  );
}

function TwoForms() {
  const [second, setSecond] = useState(true);
  return (
    <>
      <Form label="A" />
      {second ? <Form label="B" /> : null}
      <button type="button" onClick={() => setSecond(false)}>
        Remove B
      </button>
    </>
  );
}

test("a refusal's toast ends when its entry changes or its form closes, and only its own form's", async () => {
  const view = render(
    <>
      <TwoForms />
      <Toaster />
    </>,
  );
  fireEvent.click(view.getByText("Send A"));
  await waitFor(() => expect(stateOf(view, "A refused")).toBe("open"));
  // The other copy of the form closing or changing is not about A's entry.
  fireEvent.click(view.getByText("Change B"));
  fireEvent.click(view.getByText("Close B"));
  fireEvent.click(view.getByText("Remove B"));
  await act(async () => {});
  expect(stateOf(view, "A refused")).toBe("open");
  fireEvent.click(view.getByText("Change A"));
  await waitFor(() => expect(stateOf(view, "A refused")).toBe("closed"));
  clearToasts();
  fireEvent.click(view.getByText("Send A"));
  await waitFor(() => expect(stateOf(view, "A refused")).toBe("open"));
  fireEvent.click(view.getByText("Close A"));
  await waitFor(() => expect(stateOf(view, "A refused")).toBe("closed"));
});
