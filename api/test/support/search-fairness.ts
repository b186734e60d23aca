// One account floods Meeting Intelligence with parallel questions carrying huge histories while another account asks
// as usual: the other account's latency alone and under that load, measured in the same run. Used by
// api/test/production-search-fairness.test.ts and api/bench/search-fairness.ts, over HTTP only, on 127.0.0.1.
import { latestCodeFor } from "../../src/mail/mailer";
import { mergeSetCookies, newAccount } from "../auth-helpers";
import type { RawRequestInit, RawResponse } from "./production-process";

export interface FairnessTarget {
  dataDir: string;
  request(path: string, init?: RawRequestInit): Promise<RawResponse>;
}

export interface FairnessOptions {
  /** Parallel question loops of the flooding account. */
  floodWorkers: number;
  /** Turns and characters per turn of each flooding question's history. */
  historyTurns: number;
  turnChars: number;
  /** Questions the other account asks alone, then under the flood. */
  questions: number;
}

export interface FairnessResult {
  aloneMs: number[];
  /** One flooding question (its long history) asked alone, before the flood: what "one question" costs. */
  floodQuestionMs: number;
  underFloodMs: number[];
  /** Statuses the flooding account got, counted. */
  floodStatuses: Record<number, number>;
}

export const FAIRNESS_DEFAULTS: FairnessOptions = {
  floodWorkers: 6,
  historyTurns: 20,
  turnChars: 20_000,
  questions: 3,
};

const postJson = (target: FairnessTarget, path: string, body: unknown, cookie?: string) =>
  target.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** Registers a free account and signs it in through the code step; answers its cookies. */
export async function signUpAndIn(target: FairnessTarget): Promise<string> {
  const account = newAccount();
  const registered = await postJson(target, "/api/register", { ...account, role: "user", subscriptionPlan: "free" });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body}`);
  const login = await postJson(target, "/api/login", { username: account.username, password: account.password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  const { userId } = login.json<{ userId: number }>();
  const code = await latestCodeFor(target.dataDir, account.email);
  const loginCookies = mergeSetCookies("", login.headers["set-cookie"] ?? []);
  const verify = await postJson(target, "/api/verify-login", { userId, code }, loginCookies);
  if (verify.status !== 200) throw new Error(`verify: ${verify.status} ${verify.body}`);
  return mergeSetCookies(loginCookies, verify.headers["set-cookie"] ?? []);
}

/** A long, varied history whose every question names the last meeting, so a follow-up inherits it. */
function floodHistory(turns: number, chars: number) {
  const words = "pension transfer rebalancing trust portfolio bonds equities estate annual review tax ".split(" ");
  const filler = Array.from({ length: Math.ceil(chars / 6) }, (_, i) => words[(i * 7) % words.length]).join(" ");
  return Array.from({ length: turns }, (_, i) => ({
    role: i % 2 === 0 ? "user" : "assistant",
    content: `What was my last meeting, turn ${i}? ${filler}`.slice(0, chars),
  }));
}

/** How long the question took; one that got no answer within the client's 30 s counts as the time it waited. */
async function timedQuestion(target: FairnessTarget, cookie: string, query: string): Promise<number> {
  const started = performance.now();
  const response = await postJson(target, "/api/search", { query }, cookie).catch((error: Error) => {
    if (!error.message.startsWith("no answer to")) throw error;
    return undefined;
  });
  if (response && response.status !== 200) throw new Error(`question: ${response.status} ${response.body}`);
  return performance.now() - started;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The other account's question latencies alone and under the flood; the flood stops once they are measured. */
export async function measureFairness(
  target: FairnessTarget,
  options: FairnessOptions = FAIRNESS_DEFAULTS,
): Promise<FairnessResult> {
  const flooder = await signUpAndIn(target);
  const advisor = await signUpAndIn(target);
  const question = (i: number) => `What did we agree about the bond allocation, question ${i}?`;
  await timedQuestion(target, advisor, "Warm up: what did we discuss?"); // loads the encoder
  const aloneMs: number[] = [];
  for (let i = 0; i < options.questions; i++) aloneMs.push(await timedQuestion(target, advisor, question(i)));

  const body = {
    query: "And what about that?",
    conversationHistory: floodHistory(options.historyTurns, options.turnChars),
  };
  const floodQuestionStarted = performance.now();
  const one = await postJson(target, "/api/search", body, flooder);
  if (one.status !== 200) throw new Error(`flood question alone: ${one.status} ${one.body}`);
  const floodQuestionMs = performance.now() - floodQuestionStarted;
  const floodStatuses: Record<number, number> = {};
  let flooding = true;
  const flood = Array.from({ length: options.floodWorkers }, async () => {
    while (flooding) {
      const response = await postJson(target, "/api/search", body, flooder).catch(() => undefined);
      const status = response?.status ?? 0;
      floodStatuses[status] = (floodStatuses[status] ?? 0) + 1;
      if (status !== 200) await Bun.sleep(100);
    }
  });
  // The flood's questions are queued before the other account asks.
  await Bun.sleep(1_000);
  const underFloodMs: number[] = [];
  try {
    for (let i = 0; i < options.questions; i++) underFloodMs.push(await timedQuestion(target, advisor, question(i)));
  } finally {
    flooding = false;
    await Promise.all(flood);
  }
  return { aloneMs, floodQuestionMs, underFloodMs, floodStatuses };
}
