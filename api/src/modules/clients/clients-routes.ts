import { countClients } from "@cm/db/queries/account-limits";
import { type ClientRow, insertClient, listClients } from "@cm/db/queries/clients";
import { Elysia } from "elysia";
import { cachedUserRead } from "../../cache/response-cache";
import type { AppContext } from "../../context";
import { auditedChange, auditWho } from "../audit/audited";
import { refuseTooMany } from "../auth/rate-limited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams, MessageBody } from "../common-model";
import { findQuotaLimits } from "../usage/account-quotas";
import { countCreation } from "../usage/creation-rate";
import { type CountCheck, limitedWrite } from "../usage/limited-write";
import { addContactAddress, checkClientEmails, countNewAddresses, describeAddressCap } from "./client-addresses";
import { duplicateClientName, editClient, requiredText } from "./client-changes";
import { removeClient } from "./client-removal";
import { ClientEmailBody, ClientItem, ClientList, ClientPatchBody, NewClientBody } from "./model";

const presentClient = (c: ClientRow): ClientItem => ({
  id: c.id,
  name: c.name,
  type: c.type,
  emails: c.emails,
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
      async ({ body, request, set, user }) => {
        const name = requiredText(body.name, "name");
        const type = requiredText(body.type, "type");
        const { counts } = await findQuotaLimits(ctx, user.id);
        const emails = checkClientEmails(body.emails, counts.contactsPerClient);
        await countCreation(ctx, user.id);
        // Addresses given on create count against the same daily cap as those added later.
        const wait = await countNewAddresses(ctx, user.id, emails.length);
        if (wait > 0) return refuseTooMany(set, wait, describeAddressCap(wait));
        const clients: CountCheck = { name: "clients", limit: counts.clients, read: (tx) => countClients(tx, user.id) };
        try {
          const client = await limitedWrite(ctx, user.id, clients, (tx) =>
            auditedChange(
              tx,
              auditWho(ctx, request, user),
              (inner) => insertClient(inner, user.id, { name, type, emails }),
              (created) => ({
                action: "client.created",
                target: { kind: "client", id: created.id },
                clientId: created.id,
                details: { name, type, emails },
              }),
            ),
          );
          set.status = 201;
          return presentClient(client);
        } catch (error) {
          if ((error as { code?: string }).code === "23505") throw duplicateClientName();
          throw error;
        }
      },
      {
        signedIn: true,
        body: NewClientBody,
        response: { 201: ClientItem, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    )
    .patch(
      "/api/clients/:id",
      async ({ body, params, request, set, user }) => {
        const result = await editClient(ctx, user.id, params.id, body, auditWho(ctx, request, user));
        if ("retryAfterSeconds" in result) {
          return refuseTooMany(set, result.retryAfterSeconds, describeAddressCap(result.retryAfterSeconds));
        }
        return presentClient(result.client);
      },
      {
        signedIn: true,
        params: IdParams,
        body: ClientPatchBody,
        response: { 200: ClientItem, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    )
    .post(
      "/api/clients/:id/emails",
      async ({ body, params, set, user }) => {
        const result = await addContactAddress(ctx, { userId: user.id, clientId: params.id, email: body.email });
        if ("retryAfterSeconds" in result) {
          return refuseTooMany(set, result.retryAfterSeconds, describeAddressCap(result.retryAfterSeconds));
        }
        set.status = result.added ? 201 : 200;
        return presentClient(result.client);
      },
      {
        signedIn: true,
        params: IdParams,
        body: ClientEmailBody,
        response: { 200: ClientItem, 201: ClientItem, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    )
    .delete(
      "/api/clients/:id",
      async ({ params, request, user }) => {
        await removeClient(ctx, user.id, params.id, auditWho(ctx, request, user));
        return { message: "Client deleted" };
      },
      {
        signedIn: true,
        params: IdParams,
        response: { 200: MessageBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    );
}
