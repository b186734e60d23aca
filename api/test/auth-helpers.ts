// Shared steps of the account tests: register, sign in through the e-mailed code, keep cookies.
import { latestCodeFor } from "../src/mail/mailer";
import type { TestServer } from "./test-server";

export const json = (body: unknown, cookie = ""): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/** "a=1; b=2" from a response's Set-Cookie headers, merged over an existing cookie string. */
export function mergeCookies(existing: string, response: Response): string {
  return mergeSetCookies(existing, response.headers.getSetCookie());
}

/** The same from a list of Set-Cookie header values (node:http answers give them as a list). */
export function mergeSetCookies(existing: string, setCookies: string[]): string {
  const jar = new Map(
    existing
      .split(";")
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as const),
  );
  for (const header of setCookies) {
    const [pair = ""] = header.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (/Max-Age=0/i.test(header) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

let counter = 0;
export function newAccount() {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    email: `adv${id}@example.com`,
    username: `adv${id}`,
    fullName: `Avery Advisor ${counter}`,
    password: "correct-horse-9",
  };
}

export async function register(server: TestServer, account = newAccount()) {
  const response = await server.fetch("/api/register", json({ ...account, role: "user", subscriptionPlan: "free" }));
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return account;
}

/** Password step then code step; returns the session cookie string. */
export async function signIn(server: TestServer, account: { username: string; password: string; email: string }) {
  const login = await server.fetch("/api/login", json({ username: account.username, password: account.password }));
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  let cookie = mergeCookies("", login);
  const { userId } = await login.json();
  const code = await latestCodeFor(server.ctx.config.dataDir, account.email);
  const verify = await server.fetch("/api/verify-login", json({ userId, code }, cookie));
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  cookie = mergeCookies(cookie, verify);
  return cookie;
}

export async function registerAndSignIn(server: TestServer) {
  const account = await register(server);
  const cookie = await signIn(server, account);
  return { account, cookie };
}
