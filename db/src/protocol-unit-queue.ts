import type { PGlite } from "@electric-sql/pglite";
import { slowUnitLogFromEnv } from "./slow-unit-log";

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: Error): void;
}

const SYNC = 0x53; // 'S': ends an extended-protocol pipeline (Parse, Bind, Describe, Execute, Sync)
const QUERY = 0x51; // 'Q': a simple query is a whole unit
const TERMINATE = 0x58; // 'X'

/** The first byte of a regular message is its type letter; a startup message starts with its length (0). */
const endsUnit = (message: Uint8Array) => {
  const type = message[0];
  return type === SYNC || type === QUERY || type === TERMINATE || type === undefined || type < 0x41;
};

/**
 * The order in which several connections' messages reach PGlite, which is one PostgreSQL session. pglite-socket's
 * own queue switches connections after any message, so one connection's Execute could run after another's Parse
 * had replaced the unnamed statement ("portal does not exist"), and only explicit transactions were kept whole.
 * Here a connection keeps PGlite from its first message until its unit ends (Sync or a simple query) with no
 * transaction open; the others' messages wait, in arrival order.
 */
export class ProtocolUnitQueue {
  private queue: QueuedMessage[] = [];
  private processing = false;
  /** The connection whose unit or transaction is under way. */
  private owner: number | null = null;
  private readonly slowUnits = slowUnitLogFromEnv();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = this.owner === null ? 0 : this.queue.findIndex((q) => q.handlerId === this.owner);
        if (index === -1) break; // the owner's next message has not arrived yet
        const [next] = this.queue.splice(index, 1);
        if (!next) break;
        this.slowUnits?.begin(next.handlerId, next.message, this.owner === null);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(next.message, {
              onRawData: (data) => {
                bytes += data.length;
                next.onData(data);
              },
            }),
          );
        } catch (error) {
          this.owner = this.db.isInTransaction() ? next.handlerId : null;
          if (this.owner === null) this.slowUnits?.end();
          next.reject(error as Error);
          continue;
        }
        this.owner = !endsUnit(next.message) || this.db.isInTransaction() ? next.handlerId : null;
        if (this.owner === null) this.slowUnits?.end();
        next.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.slowUnits?.forget(handlerId);
    this.queue = this.queue.filter((q) => {
      if (q.handlerId !== handlerId) return true;
      q.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection that closes mid-unit or mid-transaction hands PGlite back, rolled back. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    await this.process();
  }
}
