// A test's view of the statements a query function sends: wraps a postgres.js handle so each statement it awaits is
// logged when it is sent and when its answer comes back (with the rows it touched, as the database reports them),
// in one ordered log shared with the test's other events. The wrapped handle behaves as the original.
import type { Sql } from "../src/client";

export type LoggedEvent =
  | { kind: "sent"; statement: number; text: string }
  | { kind: "answered"; statement: number; text: string; rows: number }
  | { kind: "note"; name: string };

export interface StatementLog {
  /** The handle to pass to the code under test. */
  sql: Sql;
  events: LoggedEvent[];
  /** Called as each statement is sent, after it is logged (a test issues its concurrent request here). */
  onSent?: (text: string) => void;
  note(name: string): void;
}

const isTemplate = (value: unknown): value is TemplateStringsArray =>
  Array.isArray(value) && Object.hasOwn(value, "raw");

/** The statement's text, spaces collapsed, parameters left out. */
const textOf = (strings: TemplateStringsArray) => strings.join("?").replace(/\s+/g, " ").trim();

export function logStatements(sql: Sql): StatementLog {
  let counter = 0;
  const log: StatementLog = {
    sql: undefined as unknown as Sql,
    events: [],
    note: (name) => void log.events.push({ kind: "note", name }),
  };
  log.sql = new Proxy(sql, {
    apply(target, self, args: unknown[]) {
      const query = Reflect.apply(target, self, args) as PromiseLike<unknown> & Record<string, unknown>;
      if (!isTemplate(args[0])) return query; // a helper such as sql(rows), not a statement
      const text = textOf(args[0]);
      // A fragment nested in another statement is never awaited itself: only awaited queries are logged.
      const then = query.then.bind(query);
      let statement = 0;
      // biome-ignore lint/suspicious/noThenProperty: awaiting a postgres.js query calls its then, which sends it: that moment is what is logged.
      query.then = ((resolve?: (value: unknown) => unknown, reject?: (reason: unknown) => unknown) => {
        if (statement === 0) {
          statement = ++counter;
          log.events.push({ kind: "sent", statement, text });
          log.onSent?.(text);
        }
        const id = statement;
        return then((value: unknown) => {
          if (!log.events.some((e) => e.kind === "answered" && e.statement === id)) {
            const rows = Number((value as { count?: number } | null)?.count ?? 0);
            log.events.push({ kind: "answered", statement: id, text, rows });
          }
          return resolve ? resolve(value) : value;
        }, reject);
      }) as never;
      return query;
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return log;
}
