import { expect, test } from "bun:test";
import { asErrorText, countFull, noteTooLong, tooManyCreations } from "../../../test/limit-answers";
import { ApiError } from "../../lib/api-request";
import { readLimitRefusal } from "./refusal-reason";

test("a limit refusal is read from its shape: the server's sentence, which limit, and when it frees up", () => {
  const rate = tooManyCreations(20);
  const read = readLimitRefusal(new ApiError(429, asErrorText(rate)));
  expect(read?.message).toBe(rate.body.message);
  expect(read?.quota).toBe("creations");
  expect(read?.freesAt?.toISOString()).toBe(rate.body.freesAt as string);
  expect(readLimitRefusal(asErrorText(noteTooLong(1200)))).toEqual({
    message: noteTooLong(1200).body.message,
    quota: "noteCharacters",
    freesAt: null,
  });
  expect(readLimitRefusal(asErrorText(countFull("contacts", 50)))?.quota).toBe("contacts");
});

test("other refusals are not limits: sign-in attempts, validation, a proxy's page, a server error", () => {
  const notLimits = [
    '429: {"message":"Too many sign-in attempts. Please wait 15 minutes.","code":"rate_limited"}',
    '400: {"message":"validation failed: content: too long","code":"validation"}',
    "413: <html>Request Entity Too Large</html>",
    `500: ${JSON.stringify({ ...countFull("clients", 5).body })}`,
    "0: The upload was interrupted.",
  ];
  for (const text of notLimits) expect(readLimitRefusal(new Error(text))).toBeUndefined();
});
