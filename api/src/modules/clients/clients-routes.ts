import { deleteClient, insertClient, listClients } from "@cm/db/queries/clients";
import { Elysia, t } from "elysia";
import { cachedUserRead } from "../../cache/response-cache";
import type { AppContext } from "../../context";
import { badRequest, HttpError, notFound } from "../../http-error";
import { requireUser } from "../auth/current-user";
import { removeStoredFile } from "../meetings/meetings-service";

const presentClient = (c: { id: number; name: string; type: string; createdAt: Date; meetingCount: number }) => ({
  id: c.id,
  name: c.name,
  type: c.type,
  createdAt: c.createdAt.toISOString(),
  meetingCount: c.meetingCount,
});

export function clientsRoutes(ctx: AppContext) {
  return new Elysia({ name: "clients" })
    .get("/api/clients", async ({ request }) => {
      const user = await requireUser(ctx, request);
      return cachedUserRead(ctx.responseCache, user, request, async () => ({
        data: (await listClients(ctx.db.sql, user.id)).map(presentClient),
      }));
    })
    .post(
      "/api/clients",
      async ({ request, body, set }) => {
        const user = await requireUser(ctx, request);
        const name = body.name.trim();
        const type = body.type.trim();
        if (!name) throw badRequest("validation failed: name is required");
        if (!type) throw badRequest("validation failed: type is required");
        try {
          const client = await insertClient(ctx.db.sql, user.id, { name, type });
          set.status = 201;
          return presentClient(client);
        } catch (error) {
          if ((error as { code?: string }).code === "23505") {
            throw new HttpError(409, "duplicate: a client with this name already exists", "duplicate");
          }
          throw error;
        }
      },
      { body: t.Object({ name: t.String({ maxLength: 200 }), type: t.String({ maxLength: 100 }) }) },
    )
    .delete(
      "/api/clients/:id",
      async ({ request, params }) => {
        const user = await requireUser(ctx, request);
        const { deleted, audioPaths } = await deleteClient(ctx.db.sql, user.id, params.id);
        if (!deleted) throw notFound("Client");
        for (const key of audioPaths) await removeStoredFile(ctx, key);
        return { message: "Client deleted" };
      },
      { params: t.Object({ id: t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }) },
    );
}
