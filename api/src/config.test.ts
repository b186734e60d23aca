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
