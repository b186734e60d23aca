// A loopback TCP proxy that a test can cut and restore, to simulate a database server that restarts:
// cut() drops every open connection and refuses new ones until restore() listens again on the same port.
import type { Socket, TCPSocketListener } from "bun";

interface Pair {
  client: Socket<Pair>;
  upstream?: Socket<Pair>;
  pending: Uint8Array[];
}

export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  stop(): void;
}

export function startTcpProxy(target: { host: string; port: number }, port = 0): TcpProxy {
  const open = new Set<Pair>();
  let listener: TCPSocketListener<Pair> | undefined;

  const listen = (onPort: number) =>
    Bun.listen<Pair>({
      hostname: "127.0.0.1",
      port: onPort,
      socket: {
        open(client) {
          const pair: Pair = { client, pending: [] };
          client.data = pair;
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
          if (pair.upstream) pair.upstream.write(chunk);
          else pair.pending.push(new Uint8Array(chunk));
        },
        close(client) {
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
  };
}
