// A TCP proxy on 127.0.0.1 between the browser and the server, to lose the network on purpose: `cut()` closes every
// connection and refuses new ones (the port stops listening), `restore()` listens on the same port again. The browser
// is pointed at `url`, so everything it sends passes through here; the server never notices anything but closed
// connections.
import type { Socket, TCPSocketListener } from "bun";

interface Side {
  /** The socket on the other side of this connection, once connected. */
  peer?: Socket<Side>;
  /** Bytes waiting to be written to this socket (it took less than it was given). */
  queue: Uint8Array[];
  /** Bytes received from the browser before the server connection opened. */
  early: Uint8Array[];
  /** End this socket once its queue is written (the other side closed). */
  endWhenDrained: boolean;
}

export interface LoopbackProxy {
  /** Base URL through the proxy, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** True while connections are refused. */
  readonly isCut: boolean;
  /** Closes every open connection and refuses new ones. */
  cut(): void;
  /** Accepts connections again on the same port. */
  restore(): void;
  /** Closes everything for good. */
  stop(): void;
}

const newSide = (): Side => ({ queue: [], early: [], endWhenDrained: false });

function flush(socket: Socket<Side>) {
  const side = socket.data;
  while (side.queue.length > 0) {
    const bytes = side.queue[0]!;
    const written = socket.write(bytes);
    if (written < bytes.length) {
      side.queue[0] = bytes.subarray(Math.max(written, 0));
      return;
    }
    side.queue.shift();
  }
  if (side.endWhenDrained) socket.end();
}

function send(socket: Socket<Side>, bytes: Uint8Array) {
  socket.data.queue.push(new Uint8Array(bytes));
  flush(socket);
}

function closeAfterDrain(socket: Socket<Side> | undefined) {
  if (!socket) return;
  socket.data.endWhenDrained = true;
  flush(socket);
}

export function startLoopbackProxy(targetUrl: string): LoopbackProxy {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port);
  const open = new Set<Socket<Side>>();
  let listener: TCPSocketListener<Side> | undefined;
  let port = 0;
  let stopped = false;

  const listen = () => {
    listener = Bun.listen<Side>({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(client) {
          client.data = newSide();
          open.add(client);
          void Bun.connect<Side>({
            hostname: "127.0.0.1",
            port: targetPort,
            data: newSide(),
            socket: {
              open(upstream) {
                open.add(upstream);
                if (!open.has(client)) {
                  upstream.terminate();
                  return;
                }
                upstream.data.peer = client;
                client.data.peer = upstream;
                for (const bytes of client.data.early.splice(0)) send(upstream, bytes);
              },
              data(upstream, bytes) {
                if (upstream.data.peer) send(upstream.data.peer, bytes);
              },
              drain: flush,
              close(upstream) {
                open.delete(upstream);
                closeAfterDrain(upstream.data.peer);
              },
              error(upstream) {
                upstream.terminate();
              },
            },
          }).catch(() => client.terminate());
        },
        data(client, bytes) {
          if (client.data.peer) send(client.data.peer, bytes);
          else client.data.early.push(new Uint8Array(bytes));
        },
        drain: flush,
        close(client) {
          open.delete(client);
          closeAfterDrain(client.data.peer);
        },
        error(client) {
          client.terminate();
        },
      },
    });
    port = listener.port;
  };

  const dropAll = () => {
    for (const socket of [...open]) socket.terminate();
    open.clear();
  };

  listen();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get isCut() {
      return listener === undefined;
    },
    cut() {
      listener?.stop(true);
      listener = undefined;
      dropAll();
    },
    restore() {
      if (!listener && !stopped) listen();
    },
    stop() {
      stopped = true;
      listener?.stop(true);
      listener = undefined;
      dropAll();
    },
  };
}
