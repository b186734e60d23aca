// The server's answers to a write refused by an account limit (issue 37), built as the server builds them: its own
// sentences (api/src/modules/usage/limit-messages.ts) in the body its error handler writes, `{...details, message,
// code}` with quota, used, limit, left and freesAt. Forms' tests answer their requests with these.
import {
  countLimitMessage,
  creationRateMessage,
  dailyTextMessage,
  dataStorageMessage,
  noteLengthMessage,
} from "../../api/src/modules/usage/limit-messages";

export interface LimitAnswer {
  status: 413 | 429;
  body: Record<string, unknown> & { message: string; code: string };
}

export const noteTooLong = (length: number, limit = 1000): LimitAnswer => ({
  status: 413,
  body: {
    quota: "noteCharacters",
    used: length,
    limit,
    left: 0,
    freesAt: null,
    message: noteLengthMessage(limit, length),
    code: "note_length",
  },
});

export const storageFull = (needed = 4096, limit = 2 * 1024 ** 3, left = 1024): LimitAnswer => ({
  status: 413,
  body: {
    quota: "storage",
    used: limit - left,
    limit,
    left,
    freesAt: null,
    needed,
    message: dataStorageMessage(limit, left, needed),
    code: "storage_quota",
  },
});

export const countFull = (name: "meetings" | "clients" | "actionItems" | "contacts", limit: number): LimitAnswer => ({
  status: 429,
  body: {
    quota: name,
    used: limit,
    limit,
    left: 0,
    freesAt: null,
    message: countLimitMessage(name, limit),
    code: `${name}_limit`,
  },
});

export const tooManyCreations = (waitSeconds = 20, limit = 60): LimitAnswer => ({
  status: 429,
  body: {
    quota: "creations",
    used: limit,
    limit,
    left: 0,
    freesAt: new Date(Date.now() + waitSeconds * 1000).toISOString(),
    message: creationRateMessage(limit, waitSeconds),
    code: "creation_rate",
  },
});

export const transcriptOverAllowance = (neededSeconds = 2000): LimitAnswer => {
  const fitsAt = new Date(Date.now() + 3_600_000);
  return {
    status: 429,
    body: {
      quota: "processing",
      used: 10_000,
      limit: 10_800,
      left: 800,
      freesAt: fitsAt.toISOString(),
      needed: neededSeconds,
      fitsAt: fitsAt.toISOString(),
      message: dailyTextMessage({ limit: 10_800, left: 800 }, neededSeconds, fitsAt),
      code: "processing_quota",
    },
  };
};

/** The error apiRequest raises for the answer ("429: {…}"). */
export const asErrorText = (answer: LimitAnswer) => `${answer.status}: ${JSON.stringify(answer.body)}`;
