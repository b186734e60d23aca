import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/client";

// The default 128MB of shared buffers was resident from the first query: 410 MB RSS for an idle server.
test("the embedded database starts with 32MB of shared buffers, or the size asked for", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cm-embedded-"));
  try {
    let db = await openDatabase({ dataDir });
    expect((await db.sql`show shared_buffers`)[0]).toEqual({ shared_buffers: "32MB" });
    await db.close();
    db = await openDatabase({ dataDir, embeddedSharedBuffers: "48MB" });
    expect((await db.sql`show shared_buffers`)[0]).toEqual({ shared_buffers: "48MB" });
    await db.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The inodes of this process's open sockets (/proc/self/fd links read "socket:[inode]"). */
function ownSocketInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed between the listing and the read
    }
  }
  return inodes;
}

/**
 * Listening TCP sockets of this process (state 0A in /proc/net/tcp{,6}, owned by one of its descriptors): the test
 * files beside this one in the suite listen on loopback too, and the machine's list would count theirs.
 */
function listeningTcpPorts(): Set<string> {
  const ports = new Set<string>();
  const own = ownSocketInodes();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === "0A" && fields[1] && own.has(fields[9] ?? "")) ports.add(fields[1]);
    }
  }
  return ports;
}

// PGlite checks no password: on a TCP port any local process could connect. The socket is a file only this user
// can reach.
test("the embedded database listens on a private Unix socket, not on a TCP port", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cm-embedded-socket-"));
  const before = listeningTcpPorts();
  const db = await openDatabase({ dataDir });
  try {
    const after = listeningTcpPorts();
    expect([...after].filter((port) => !before.has(port))).toEqual([]);
    const socket = statSync(join(dataDir, "run", ".s.PGSQL.5432"));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, "run")).mode & 0o777).toBe(0o700);
    expect((await db.sql`select 1 as one`)[0]).toEqual({ one: 1 });
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
