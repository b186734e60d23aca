// Names the statements that held the embedded database long (EMBEDDED_DB_SLOW_MS): PGlite is one session, so every
// other request waits for as long as one connection's unit or transaction holds it. A measuring aid for operators and
// benchmarks; off (and free) unless the variable is set.

const PARSE = 0x50; // 'P': statement name, then its text
const BIND = 0x42; // 'B': portal name, then the prepared statement's name
const QUERY = 0x51; // 'Q': the text

const decoder = new TextDecoder();

/** The zero-terminated string at `start`, and where the next field begins. */
function cString(message: Uint8Array, start: number, limit = Number.POSITIVE_INFINITY) {
  let end = start;
  while (end < message.length && message[end] !== 0) end++;
  return { text: decoder.decode(message.subarray(start, Math.min(end, start + limit))), next: end + 1 };
}

const LABEL_CHARS = 160;

export class SlowUnitLog {
  /** Prepared statements' texts by connection and name (postgres.js parses a statement once, then binds it). */
  private readonly statements = new Map<number, Map<string, string>>();
  private started = 0;
  private label = "";

  constructor(readonly thresholdMs: number) {}

  /** A message is about to run; `opensUnit` when no unit was under way. */
  begin(handlerId: number, message: Uint8Array, opensUnit: boolean): void {
    if (opensUnit) {
      this.started = performance.now();
      this.label = "";
    }
    const text = this.textOf(handlerId, message).replace(/\s+/g, " ").trim();
    // A transaction is named by its first statement after "begin".
    if (text && (!this.label || this.label === "begin")) this.label = this.label ? `begin; ${text}` : text;
  }

  /** The unit ended: reported on stderr when it held the database for the threshold or longer. */
  end(): void {
    const held = performance.now() - this.started;
    if (held < this.thresholdMs) return;
    // When it began (wall clock), so a slow request elsewhere can be matched to the unit that held the database.
    const began = new Date(Date.now() - held).toISOString().slice(11, 23);
    console.error(`[embedded db] held ${held.toFixed(0)} ms from ${began} by: ${this.label}`);
  }

  forget(handlerId: number): void {
    this.statements.delete(handlerId);
  }

  private textOf(handlerId: number, message: Uint8Array): string {
    const type = message[0];
    if (type === QUERY) return cString(message, 5, LABEL_CHARS).text;
    if (type === PARSE) {
      const name = cString(message, 5);
      const text = cString(message, name.next, LABEL_CHARS).text;
      if (name.text) {
        const named = this.statements.get(handlerId) ?? new Map<string, string>();
        named.set(name.text, text);
        this.statements.set(handlerId, named);
      }
      return text;
    }
    if (type === BIND) {
      const portal = cString(message, 5);
      return this.statements.get(handlerId)?.get(cString(message, portal.next).text) ?? "";
    }
    return "";
  }
}

/** The log when EMBEDDED_DB_SLOW_MS is a positive number of milliseconds, else none. */
export function slowUnitLogFromEnv(): SlowUnitLog | null {
  const ms = Number(process.env.EMBEDDED_DB_SLOW_MS ?? "");
  return Number.isFinite(ms) && ms > 0 ? new SlowUnitLog(ms) : null;
}
