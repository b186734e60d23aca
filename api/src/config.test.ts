import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config";

const base = () => ({ NODE_ENV: "test", DATA_DIR: mkdtempSync(join(tmpdir(), "cm-config-")) });

test("the database pool defaults to two connections a core, at least four", () => {
  expect(loadConfig(base()).databasePoolSize).toBe(Math.max(4, 2 * navigator.hardwareConcurrency));
  expect(loadConfig({ ...base(), DATABASE_POOL_SIZE: "12" }).databasePoolSize).toBe(12);
});

test("a pool size that is not a whole number from 1 to 200 stops start-up naming the variable", () => {
  for (const value of ["0", "-3", "2.5", "many", "201"]) {
    expect(() => loadConfig({ ...base(), DATABASE_POOL_SIZE: value })).toThrow("DATABASE_POOL_SIZE");
  }
});

test("the embedded database's shared_buffers is 32MB unless set to another PostgreSQL size", () => {
  expect(loadConfig(base()).embeddedSharedBuffers).toBe("32MB");
  expect(loadConfig({ ...base(), EMBEDDED_SHARED_BUFFERS: "256MB" }).embeddedSharedBuffers).toBe("256MB");
  for (const value of ["lots", "32", "32 MB", "1TB"]) {
    expect(() => loadConfig({ ...base(), EMBEDDED_SHARED_BUFFERS: value })).toThrow("EMBEDDED_SHARED_BUFFERS");
  }
});

test("each AI capability has its own service, falling back to OPENAI_* and today's models", () => {
  expect(loadConfig(base())).toMatchObject({ speech: undefined, chat: undefined, embeddings: undefined });
  const openai = loadConfig({ ...base(), OPENAI_API_KEY: "sk-all" });
  expect(openai.speech).toEqual({ baseURL: undefined, apiKey: "sk-all", model: "whisper-1" });
  expect(openai.chat).toEqual({ baseURL: undefined, apiKey: "sk-all", model: "gpt-4o-mini" });
  expect(openai.embeddings).toEqual({ baseURL: undefined, apiKey: "sk-all", model: "text-embedding-3-small" });
  const mixed = loadConfig({
    ...base(),
    OPENAI_API_KEY: "sk-all",
    OPENAI_BASE_URL: "https://gateway.example/v1",
    SPEECH_BASE_URL: "http://127.0.0.1:8000/v1",
    SPEECH_MODEL: "Systran/faster-whisper-small",
    CHAT_BASE_URL: "http://127.0.0.1:11434/v1",
    CHAT_API_KEY: "ollama",
    CHAT_MODEL: "llama3.1:8b",
    EMBEDDINGS_MODEL: "text-embedding-3-large",
  });
  // A capability on its own server never gets OPENAI_API_KEY: it is not sent to another host unless repeated.
  expect(mixed.speech).toEqual({
    baseURL: "http://127.0.0.1:8000/v1",
    apiKey: "no-key",
    model: "Systran/faster-whisper-small",
  });
  expect(mixed.chat).toEqual({ baseURL: "http://127.0.0.1:11434/v1", apiKey: "ollama", model: "llama3.1:8b" });
  expect(mixed.embeddings).toEqual({
    baseURL: "https://gateway.example/v1",
    apiKey: "sk-all",
    model: "text-embedding-3-large",
  });
  // Only a speech server: chat and embeddings stay local.
  const speechOnly = loadConfig({ ...base(), SPEECH_BASE_URL: "http://127.0.0.1:8000/v1" });
  expect(speechOnly.chat).toBeUndefined();
  expect(speechOnly.embeddings).toBeUndefined();
  expect(loadConfig({ ...base(), EMBEDDINGS_API_KEY: "sk-emb" }).embeddings?.apiKey).toBe("sk-emb");
});

test("a service URL that is not http(s) stops start-up naming the variable", () => {
  for (const name of ["SPEECH_BASE_URL", "CHAT_BASE_URL", "EMBEDDINGS_BASE_URL", "OPENAI_BASE_URL"]) {
    expect(() => loadConfig({ ...base(), OPENAI_API_KEY: "k", [name]: "localhost:8000" })).toThrow(name);
    expect(() => loadConfig({ ...base(), OPENAI_API_KEY: "k", [name]: "file:///etc/passwd" })).toThrow(name);
  }
});

test("offline speech is on unless OFFLINE_SPEECH=off; POCKETSPHINX_PATH names the tool", () => {
  expect(loadConfig(base()).offlineSpeech).toEqual({ enabled: true, pocketsphinxPath: undefined });
  expect(loadConfig({ ...base(), OFFLINE_SPEECH: "off" }).offlineSpeech.enabled).toBe(false);
  expect(loadConfig({ ...base(), POCKETSPHINX_PATH: "/opt/ps/bin/pocketsphinx" }).offlineSpeech.pocketsphinxPath).toBe(
    "/opt/ps/bin/pocketsphinx",
  );
  expect(() => loadConfig({ ...base(), OFFLINE_SPEECH: "maybe" })).toThrow("OFFLINE_SPEECH");
});

test("quotas are on by default, the free plan's smallest, and each variable takes off or its own value", () => {
  const GB = 1024 ** 3;
  expect(loadConfig(base()).quotas).toEqual({
    standard: { storageBytes: 20 * GB, secondsPerDay: 16 * 3600, queuedMeetings: 20 },
    free: { storageBytes: 2 * GB, secondsPerDay: 3 * 3600, queuedMeetings: 5 },
  });
  const set = loadConfig({
    ...base(),
    STORAGE_QUOTA_BYTES: "50GB",
    PROCESSING_HOURS_PER_DAY: "off",
    QUEUED_MEETINGS_PER_ACCOUNT: "40",
    FREE_STORAGE_QUOTA_BYTES: "524288000",
    FREE_PROCESSING_HOURS_PER_DAY: "0.5",
    FREE_QUEUED_MEETINGS_PER_ACCOUNT: "OFF",
  }).quotas;
  expect(set.standard).toEqual({ storageBytes: 50 * GB, secondsPerDay: undefined, queuedMeetings: 40 });
  expect(set.free).toEqual({ storageBytes: 500 * 1024 ** 2, secondsPerDay: 1800, queuedMeetings: undefined });
  expect(loadConfig({ ...base(), STORAGE_QUOTA_BYTES: "1.5 GB" }).quotas.standard.storageBytes).toBe(1.5 * GB);
});

test("a quota value that is neither a valid figure nor off stops start-up naming the variable", () => {
  const bad: Record<string, string[]> = {
    STORAGE_QUOTA_BYTES: ["lots", "-5GB", "20PB", "1000"],
    FREE_PROCESSING_HOURS_PER_DAY: ["0", "none", "9000"],
    QUEUED_MEETINGS_PER_ACCOUNT: ["0", "2.5", "-1"],
  };
  for (const [name, values] of Object.entries(bad)) {
    for (const value of values) expect(() => loadConfig({ ...base(), [name]: value })).toThrow(name);
  }
});

test("a process of a supervised group is named by CLUSTER_PROCESS; anything else there stops start-up", () => {
  expect(loadConfig(base()).processName).toBeUndefined();
  expect(loadConfig({ ...base(), CLUSTER_PROCESS: "web-2" }).processName).toBe("web-2");
  for (const value of ["web", "Web-1", "web-1; rm", "worker-1234"]) {
    expect(() => loadConfig({ ...base(), CLUSTER_PROCESS: value })).toThrow("CLUSTER_PROCESS");
  }
});

test("SEARCH_QUESTIONS_AT_ONCE: 4 questions of one account at once unless set to a whole number from 1", () => {
  expect(loadConfig(base()).questionsAtOnce).toBe(4);
  expect(loadConfig({ ...base(), SEARCH_QUESTIONS_AT_ONCE: "10" }).questionsAtOnce).toBe(10);
  for (const value of ["0", "2.5", "many"]) {
    expect(() => loadConfig({ ...base(), SEARCH_QUESTIONS_AT_ONCE: value })).toThrow("SEARCH_QUESTIONS_AT_ONCE");
  }
});

test("SHUTDOWN_GRACE_SECONDS: a stop may take 15 s unless set to a whole number of seconds from 1", () => {
  expect(loadConfig(base()).shutdownGraceMs).toBe(15_000);
  expect(loadConfig({ ...base(), SHUTDOWN_GRACE_SECONDS: "90" }).shutdownGraceMs).toBe(90_000);
  for (const value of ["0", "1.5", "soon"]) {
    expect(() => loadConfig({ ...base(), SHUTDOWN_GRACE_SECONDS: value })).toThrow("SHUTDOWN_GRACE_SECONDS");
  }
});
