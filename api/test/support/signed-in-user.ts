import type { Sql } from "@cm/db";
import { insertUser } from "@cm/db/queries/users";
import { createSession } from "../../src/modules/auth/session-service";

/** A user made directly in the database, with the session cookie a signed-in browser would send. */
export async function createSignedInUser(sql: Sql, name: string): Promise<{ id: number; cookie: string }> {
  const user = await insertUser(sql, {
    username: name,
    passwordHash: "x",
    email: `${name}@example.com`,
    fullName: name,
  });
  return { id: user.id, cookie: `cm_session=${await createSession(sql, user.id)}` };
}
