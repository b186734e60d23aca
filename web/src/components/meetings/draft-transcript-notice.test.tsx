import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { DraftTranscriptNotice } from "./draft-transcript-notice";

afterEach(cleanup);

test("speaks to the advisor: what a draft means and where to read more, no server settings, 'offline' not at all", () => {
  const view = render(
    <MemoryRouter>
      <DraftTranscriptNotice canTranscribeAgain={false} transcribing={false} onTranscribeAgain={() => {}} />
    </MemoryRouter>,
  );
  const text = view.getByRole("region", { name: "Draft transcript" }).textContent ?? "";
  expect(text).toContain("Check names and figures against the recording");
  for (const word of ["OPENAI_API_KEY", "SPEECH_BASE_URL", "offline", "Whisper"]) expect(text).not.toContain(word);
  expect(view.getByRole("link", { name: "How to get an accurate transcript" }).getAttribute("href")).toBe("/settings");
  expect(view.queryByRole("button", { name: "Transcribe again" })).toBeNull();
});

test("with a speech service connected, it offers to transcribe again", () => {
  let asked = 0;
  const view = render(
    <MemoryRouter>
      <DraftTranscriptNotice canTranscribeAgain transcribing={false} onTranscribeAgain={() => asked++} />
    </MemoryRouter>,
  );
  fireEvent.click(view.getByRole("button", { name: "Transcribe again" }));
  expect(asked).toBe(1);
});
