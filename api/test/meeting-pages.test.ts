// Meeting lists answer pages: newest first, a cursor to the next page, filters that compose with paging.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json, registerAndSignIn } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let clientA: number;
let clientB: number;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  const create = async (name: string) =>
    (await (await server.fetch("/api/clients", json({ name, type: "Tax" }, cookie))).json()).id as number;
  clientA = await create("Alder Partners");
  clientB = await create("Birch Family Office");
  const [user] = await server.ctx.db.sql<{ userId: number }[]>`
    select user_id as "userId" from clients where id = ${clientA}`;
  // 130 meetings, one a day going back from tomorrow; two share each of the first days' timestamps
  // so the cursor must order by id as well as date.
  const now = Date.now();
  const rows = Array.from({ length: 130 }, (_, i) => ({
    user_id: user!.userId,
    client_id: i % 3 === 0 ? clientB : clientA,
    title: `Review ${i}`,
    date: new Date(now + DAY - Math.floor(i / 2) * DAY),
    type: "Uploaded",
    status: "Processed",
    source_kind: "transcript",
  }));
  await server.ctx.db.sql`insert into meetings ${server.ctx.db.sql(rows)}`;
});
afterAll(() => server.stop());

const get = (path: string) => server.fetch(path, { headers: { cookie } });
type Item = { id: number; date: string; client_id: number };

async function readAll(first: string): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let next: string | null = first;
  let pages = 0;
  while (next) {
    const response = await get(next);
    expect(response.status).toBe(200);
    items.push(...((await response.json()) as Item[]));
    next = /<([^>]+)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1] ?? null;
    pages++;
  }
  return { items, pages };
}

const isNewestFirst = (items: Item[]) =>
  items.every(
    (m, i) => i === 0 || m.date < items[i - 1]!.date || (m.date === items[i - 1]!.date && m.id < items[i - 1]!.id),
  );

describe("meeting list pages", () => {
  test("the default page holds 50 meetings and links to the next one", async () => {
    const response = await get("/api/meetings");
    const page = (await response.json()) as Item[];
    expect(page).toHaveLength(50);
    expect(response.headers.get("link")).toContain("cursor=");
  });

  test("following the cursor visits every meeting once, newest first", async () => {
    const { items, pages } = await readAll("/api/meetings?limit=40");
    expect(pages).toBe(4);
    expect(items).toHaveLength(130);
    expect(new Set(items.map((m) => m.id)).size).toBe(130);
    expect(isNewestFirst(items)).toBe(true);
  });

  test("a client's meetings page through with the client filter kept", async () => {
    const { items } = await readAll(`/api/meetings?clientId=${clientB}&limit=20`);
    expect(items).toHaveLength(44);
    expect(items.every((m) => m.client_id === clientB)).toBe(true);
    expect(isNewestFirst(items)).toBe(true);
  });

  test("recentDays keeps the last days and today's meetings, not ones dated days ahead", async () => {
    const [ahead] = await server.ctx.db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, type, status, source_kind)
      select user_id, id, 'Planned review', ${new Date(Date.now() + 3 * DAY)}, 'Uploaded', 'Processed', 'transcript'
      from clients where id = ${clientA} returning id`;
    try {
      const items = (await (await get("/api/meetings?recentDays=7&limit=200")).json()) as Item[];
      const since = Date.now() - 7 * DAY;
      expect(items.length).toBeGreaterThan(10);
      expect(items.every((m) => new Date(m.date).getTime() >= since)).toBe(true);
      // Dated later today (the form dates meetings at local midday) still counts; three days ahead does not.
      expect(items.some((m) => new Date(m.date).getTime() > Date.now())).toBe(true);
      expect(items.every((m) => new Date(m.date).getTime() <= Date.now() + DAY)).toBe(true);
      expect(items.map((m) => m.id)).not.toContain(ahead!.id);
    } finally {
      await server.ctx.db.sql`delete from meetings where id = ${ahead!.id}`;
    }
  });

  test("date, from/to and month select by meeting date", async () => {
    const all = (await (await get("/api/meetings?limit=500")).json()) as Item[];
    const day = all[20]!.date.slice(0, 10);
    const onDay = (await (await get(`/api/meetings?date=${day}&limit=500`)).json()) as Item[];
    expect(onDay.map((m) => m.id).sort()).toEqual(
      all
        .filter((m) => m.date.slice(0, 10) === day)
        .map((m) => m.id)
        .sort(),
    );
    const from = new Date(Date.now() - 10 * DAY).toISOString();
    const to = new Date(Date.now() - 5 * DAY).toISOString();
    const range = (await (await get(`/api/meetings?from=${from}&to=${to}&limit=500`)).json()) as Item[];
    expect(range.length).toBeGreaterThan(0);
    expect(range.every((m) => m.date >= from && m.date < to)).toBe(true);

    // A month is its days and a week either side (the grid's days of the months around it, in any time zone).
    const month = all[40]!.date.slice(0, 7);
    const start = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 1, 1);
    const end = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 1);
    const inMonth = (await (await get(`/api/meetings?month=${month}&limit=500`)).json()) as Item[];
    const expected = all.filter((m) => {
      const t = new Date(m.date).getTime();
      return t >= start - 7 * DAY && t < end + 7 * DAY;
    });
    expect(inMonth.map((m) => m.id)).toEqual(expected.map((m) => m.id));
  });

  test("the calendar page is rendered with this month's meetings in its first HTML", async () => {
    const response = await server.fetch("/calendar", { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Review 0"); // dated tomorrow, so in this month's range whatever the day
    expect(html).not.toContain("Loading meetings");
  });

  test("bad limits and cursors answer 400 with a validation message", async () => {
    for (const query of [
      "limit=0",
      "limit=501",
      "limit=x",
      "cursor=nonsense",
      "cursor=notadate_12",
      "recentDays=0",
      "month=2026-13",
      "month=26-01",
      "date=2026-1-1",
      "from=yesterday",
    ]) {
      const response = await get(`/api/meetings?${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).message.toLowerCase()).toContain("validation");
    }
  });
});

describe("server-rendered pages", () => {
  test("a page sent with its head ahead of the render is byte for byte the page rendered in one go", async () => {
    // The first request of a page renders it whole and learns its head; the next sends that head first.
    // Each response has its own CSP nonce, and the second sends the page's <title> right after the shared head;
    // apart from these the two are the same bytes.
    const withoutNonce = (html: string) => html.replaceAll(/ nonce="[^"]*"/g, "").replace(/<title>[^<]*<\/title>/, "");
    const first = await (await server.fetch("/clients", { headers: { cookie } })).text();
    const second = await (await server.fetch("/clients", { headers: { cookie } })).text();
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    expect(second.match(/<\/head>/g)).toHaveLength(1);
    expect(second.match(/<!DOCTYPE html>/g)).toHaveLength(1);
    expect(second).toContain("Alder Partners");
  });

  test("a visitor is still redirected before any byte is sent", async () => {
    const response = await server.fetch("/clients");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login?next=%2Fclients");
  });
});
