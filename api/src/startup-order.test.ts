import { expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { startInOrder } from "./startup-order";

function fakeDatabase(events: string[]): Database {
  return { close: async () => void events.push("database closed") } as unknown as Database;
}

test("the database opens while the modules load, and the server starts only after both", async () => {
  const events: string[] = [];
  let finishDatabase!: () => void;
  let finishModules!: () => void;
  const result = startInOrder({
    openDatabase: () => {
      events.push("database opening");
      return new Promise<Database>((resolve) => {
        finishDatabase = () => resolve(fakeDatabase(events));
      });
    },
    loadServer: () => {
      events.push("modules loading");
      return new Promise<string>((resolve) => {
        finishModules = () => resolve("server module");
      });
    },
    start: async (server, database) => {
      events.push(`start ${server}`);
      return { server, database };
    },
  });
  // Both began before either finished.
  expect(events).toEqual(["database opening", "modules loading"]);
  finishModules();
  await Bun.sleep(1);
  expect(events).not.toContain("start server module");
  finishDatabase();
  const { running, phases } = await result;
  expect(running.server).toBe("server module");
  expect(events.at(-1)).toBe("start server module");
  expect(phases.databaseMs).toBeGreaterThanOrEqual(phases.modulesMs);
});

test("a failure to load the modules closes the database that was opened", async () => {
  const events: string[] = [];
  const result = startInOrder({
    openDatabase: async () => fakeDatabase(events),
    loadServer: async () => {
      throw new Error("broken module");
    },
    start: async () => events.push("started"),
  });
  await expect(result).rejects.toThrow("broken module");
  expect(events).toEqual(["database closed"]);
});

test("a failure to open the database starts nothing", async () => {
  const events: string[] = [];
  const result = startInOrder({
    openDatabase: async () => {
      throw new Error("data folder locked");
    },
    loadServer: async () => "server module",
    start: async () => events.push("started"),
  });
  await expect(result).rejects.toThrow("data folder locked");
  expect(events).toEqual([]);
});
