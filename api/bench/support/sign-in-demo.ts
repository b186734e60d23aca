import { DEMO_PASSWORD, DEMO_USERNAME } from "../../src/seed/demo-account";

/** Signs in as the demo account (created on a fresh embedded database) and picks one of its clients. */
export async function signInDemo(url: string): Promise<{ cookie: string; clientId: number }> {
  const login = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const clients = (await (await fetch(`${url}/api/clients`, { headers: { cookie } })).json()) as { id: number }[];
  return { cookie, clientId: clients[0]!.id };
}
