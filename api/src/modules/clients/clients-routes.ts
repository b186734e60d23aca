import { type ClientRow, deleteClient, insertClient, listClients, updateClientEmail } from "@cm/db/queries/clients";
import { Elysia } from "elysia";
import { cachedUserRead } from "../../cache/response-cache";
import type { AppContext } from "../../context";
import { badRequest, HttpError, notFound } from "../../http-error";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams, MessageBody } from "../common-model";
import { checkEmailAddress } from "../follow-up/email-address";
import { removeStoredFile } from "../meetings/meetings-service";
import { ClientEmailBody, ClientItem, ClientList, NewClientBody } from "./model";

/**
 * An optional address as stored: null for none (absent or exactly ""), else trimmed and valid; anything else, spaces
 * alone included, answers 400 naming the field.
 */
function clientEmail(value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  const checked = checkEmailAddress(value, "email");
  if ("problem" in checked) throw badRequest(checked.problem);
  return checked.address;
}

const presentClient = (c: ClientRow): ClientItem => ({
  id: c.id,
  name: c.name,
  type: c.type,
  email: c.email,
  createdAt: c.createdAt.toISOString(),
  meetingCount: c.meetingCount,
});

export function clientsRoutes(ctx: AppContext) {
  return new Elysia({ name: "clients" })
    .use(signedInMacro(ctx))
    .get(
      "/api/clients",
      // A cached answer is a ready Response, which Elysia does not check again: `satisfies` checks it here.
      async ({ request, user }) =>
        cachedUserRead(ctx.responseCache, user, request, async () => ({
          data: (await listClients(ctx.db.sql, user.id)).map(presentClient) satisfies ClientList,
        })),
      { signedIn: true, response: { 200: ClientList, 401: ErrorBody } },
    )
    .post(
      "/api/clients",
      async ({ body, set, user }) => {
        const name = body.name.trim();
        const type = body.type.trim();
        if (!name) throw badRequest("validation failed: name is required");
        if (!type) throw badRequest("validation failed: type is required");
        const email = clientEmail(body.email);
        try {
          const client = await insertClient(ctx.db.sql, user.id, { name, type, email });
          set.status = 201;
          return presentClient(client);
        } catch (error) {
          if ((error as { code?: string }).code === "23505") {
            throw new HttpError(409, "duplicate: a client with this name already exists", "duplicate");
          }
          throw error;
        }
      },
      {
        signedIn: true,
        body: NewClientBody,
        response: { 201: ClientItem, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    )
    .patch(
      "/api/clients/:id",
      async ({ body, params, user }) => {
        const client = await updateClientEmail(ctx.db.sql, user.id, params.id, clientEmail(body.email));
        if (!client) throw notFound("Client");
        return presentClient(client);
      },
      {
        signedIn: true,
        params: IdParams,
        body: ClientEmailBody,
        response: { 200: ClientItem, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    )
    .delete(
      "/api/clients/:id",
      async ({ params, user }) => {
        const { deleted, audioPaths } = await deleteClient(ctx.db.sql, user.id, params.id);
        if (!deleted) throw notFound("Client");
        for (const key of audioPaths) await removeStoredFile(ctx, key);
        return { message: "Client deleted" };
      },
      { signedIn: true, params: IdParams, response: { 200: MessageBody, 401: ErrorBody, 404: ErrorBody } },
    );
}
