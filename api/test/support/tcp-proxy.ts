// A loopback TCP proxy that a test can cut and restore, to simulate a database server that restarts or a network
// that goes down: cut() drops every open connection and refuses new ones until restore() listens again on the same
// port. For HTTP through it, holdAfter() stops a request in the middle of its body (dropConnections() then cuts it),
// and busy() answers new connections with a 503 of its own, as a reverse proxy does while the app behind it cannot
// take requests.
import type { Socket, TCPSocketListener } from "bun";

interface Pair {
  client: Socket<Pair>;
  upstream?: Socket<Pair>;
  pending: Uint8Array[];
  /** Answered by the proxy with a 503 carrying this message (busy()). */
  busy?: string;
  head?: string;
  /** The client's side is gone: the server's side ends once what was let through is written. */
  closed?: boolean;
}

export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  stop(): void;
  /**
   * After `bytes` more bytes from clients (any connection), forwards nothing more (what follows is lost) but keeps the
   * connections open: the server waits in the middle of a request's body until dropConnections().
   */
  holdAfter(bytes: number): void;
  /** Drops every open connection (the network blinks) and forwards again; new connections are taken as before. */
  dropConnections(): void;
  /**
   * While set, drops the open connections and answers each new one with `503` and `{ message }` (JSON), without
   * reaching the server; `null` forwards again. `answered` counts those answers.
   */
  busy(message: string | null): void;
  answered: number;
}

export function startTcpProxy(target: { host: string; port: number }, port = 0): TcpProxy {
  const open = new Set<Pair>();
  let listener: TCPSocketListener<Pair> | undefined;
  /** Bytes still let through before holdAfter() holds the rest; null when not armed. */
  let allowance: number | null = null;
  let busyMessage: string | null = null;
  let answered = 0;

  const answerBusy = (client: Socket<Pair>, message: string) => {
    const body = JSON.stringify({ message });
    answered++;
    client.end(
      `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };

  const listen = (onPort: number) =>
    Bun.listen<Pair>({
      hostname: "127.0.0.1",
      port: onPort,
      socket: {
        open(client) {
          const pair: Pair = { client, pending: [] };
          client.data = pair;
          if (busyMessage !== null) {
            // Answered once the request's head is in (data below), never forwarded.
            pair.busy = busyMessage;
            return;
          }
          open.add(pair);
          void Bun.connect<Pair>({
            hostname: target.host,
            port: target.port,
            data: pair,
            socket: {
              open(upstream) {
                pair.upstream = upstream;
                for (const chunk of pair.pending) upstream.write(chunk);
                pair.pending = [];
                if (pair.closed) upstream.end();
              },
              data(_upstream, chunk) {
                pair.client.write(chunk);
              },
              close() {
                pair.client.end();
              },
              error() {
                pair.client.end();
              },
            },
          }).catch(() => client.end());
        },
        data(client, chunk) {
          const pair = client.data;
          if (pair.busy !== undefined) {
            pair.head = (pair.head ?? "") + Buffer.from(chunk).toString("latin1");
            if (pair.head.includes("\r\n\r\n")) answerBusy(client, pair.busy);
            return;
          }
          let bytes = new Uint8Array(chunk);
          if (allowance !== null) {
            bytes = bytes.subarray(0, allowance);
            allowance -= bytes.length;
          }
          if (bytes.length === 0) return;
          if (pair.upstream) pair.upstream.write(bytes);
          else pair.pending.push(bytes);
        },
        close(client) {
          client.data.closed = true;
          open.delete(client.data);
          client.data.upstream?.end();
        },
      },
    });

  listener = listen(port);
  const boundPort = listener.port;
  const dropAll = () => {
    for (const pair of open) {
      pair.upstream?.terminate();
      pair.client.terminate();
    }
    open.clear();
  };
  return {
    port: boundPort,
    cut() {
      listener?.stop(true);
      listener = undefined;
      dropAll();
    },
    restore() {
      listener ??= listen(boundPort);
    },
    stop() {
      listener?.stop(true);
      listener = undefined;
      dropAll();
    },
    holdAfter(bytes) {
      allowance = bytes;
    },
    dropConnections() {
      allowance = null;
      dropAll();
    },
    busy(message) {
      busyMessage = message;
      if (message !== null) dropAll();
    },
    get answered() {
      return answered;
    },
  };
}
