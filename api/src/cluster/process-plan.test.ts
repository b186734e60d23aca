import { expect, test } from "bun:test";
import { connectionBudget, readProcessPlan } from "./process-plan";

test("by default one app process a core and one worker process for every four cores", () => {
  expect(readProcessPlan({}, 2)).toMatchObject({ web: 2, workers: 1 });
  expect(readProcessPlan({}, 8)).toMatchObject({ web: 8, workers: 2 });
  expect(readProcessPlan({}, 16)).toMatchObject({ web: 16, workers: 4 });
});

test("WEB_CONCURRENCY and WORKER_PROCESSES set the counts; WORKER=off starts no worker", () => {
  expect(readProcessPlan({ WEB_CONCURRENCY: "3", WORKER_PROCESSES: "0" }, 2)).toMatchObject({ web: 3, workers: 0 });
  expect(readProcessPlan({ WORKER_PROCESSES: "5" }, 2)).toMatchObject({ web: 2, workers: 5 });
  expect(readProcessPlan({ WORKER: "off", WORKER_PROCESSES: "5" }, 2)).toMatchObject({ workers: 0 });
});

test("the lone process's two connections a core are shared among the app processes, at least two each", () => {
  const plan = readProcessPlan({}, 16);
  expect(plan).toMatchObject({ webPoolSize: 2, workerPoolSize: 2, poolSizeSet: false });
  // 16 app processes of 2, 4 workers of 2 on their main thread and 2 on their job thread.
  expect(connectionBudget(plan)).toBe(16 * 2 + 4 * 4);
  expect(readProcessPlan({ WEB_CONCURRENCY: "2" }, 8).webPoolSize).toBe(8);
  const set = readProcessPlan({ WEB_CONCURRENCY: "4", DATABASE_POOL_SIZE: "5", WORKER_PROCESSES: "1" }, 2);
  expect(set).toMatchObject({ webPoolSize: 5, workerPoolSize: 5, poolSizeSet: true });
  expect(connectionBudget(set)).toBe(4 * 5 + 1 * 7);
});

test("a count out of range stops start-up naming the variable", () => {
  for (const value of ["0", "-1", "2.5", "many", "257"]) {
    expect(() => readProcessPlan({ WEB_CONCURRENCY: value }, 2)).toThrow(`WEB_CONCURRENCY must be a whole number`);
  }
  for (const value of ["-1", "1.5", "65"]) {
    expect(() => readProcessPlan({ WORKER_PROCESSES: value }, 2)).toThrow("WORKER_PROCESSES must be a whole number");
  }
});
