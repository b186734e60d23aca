import { expect, test } from "bun:test";
import { uploadErrorMessage } from "./upload-errors";

test("upload failures map to the spec's texts by what the message contains", () => {
  const cases: [string, string][] = [
    [
      "400: Audio transcription needs a speech service: no API key is configured.",
      "There was an issue with the AI service. The administrator needs to configure the API key.",
    ],
    [
      "415: unsupported file format: the file has no readable audio stream",
      "Unsupported file format. Please upload an audio file (MP3, WAV, M4A, etc.).",
    ],
    ["413: The file is too large", "The audio file is too large. Please upload a file smaller than 500MB."],
    [
      "400: validation failed: date is not a valid date",
      "Invalid date format in meeting data. Please check the date field.",
    ],
    [
      "503: The database is unavailable right now (database error).",
      "Database error occurred while saving your meeting. Please try again.",
    ],
    ["500: Something went wrong", "There was a problem with your upload. Please try again."],
  ];
  for (const [message, text] of cases) expect(uploadErrorMessage(message)).toBe(text);
});

test("a recording over 8 hours is not called a file over 500MB: the server's sentence is shown", () => {
  const message =
    "413: The recording is too long: 9.5 hours, the maximum is 8 hours. Split it into shorter recordings.";
  expect(uploadErrorMessage(message)).toBe(
    "The recording is too long: 9.5 hours, the maximum is 8 hours. Split it into shorter recordings.",
  );
});

test("where the spec names no text, the server's reason is shown as a sentence", () => {
  const refusal = (status: number, message: string) => `${status}: ${JSON.stringify({ message, code: "validation" })}`;
  expect(uploadErrorMessage(refusal(400, "validation failed: the file is empty"))).toBe("The file is empty.");
  expect(uploadErrorMessage(refusal(400, "validation failed: clientId: no such client"))).toBe(
    "clientId: no such client.",
  );
  expect(
    uploadErrorMessage(refusal(409, "This meeting already has a recording: upload it as a new meeting instead.")),
  ).toBe("This meeting already has a recording: upload it as a new meeting instead.");
  // The client's own sentence for a lost connection.
  expect(uploadErrorMessage("0: The upload was interrupted. Please check your connection and try again.")).toBe(
    "The upload was interrupted. Please check your connection and try again.",
  );
  // No reason in the answer (a proxy's page, an empty body): the spec's catch-all.
  expect(uploadErrorMessage("502: <html>Bad Gateway</html>")).toBe(
    "There was a problem with your upload. Please try again.",
  );
  expect(uploadErrorMessage("500: Internal Server Error")).toBe(
    "There was a problem with your upload. Please try again.",
  );
});
