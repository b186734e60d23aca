import { inTransaction } from "@cm/db/queries/in-transaction";
import { type HoldTarget, placeLegalHold, releaseLegalHold, setClientClosed } from "@cm/db/queries/legal-holds";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { badRequest, HttpError, notFound } from "../../http-error";
import { auditOrigin } from "../audit/audit-origin";
import type { AuditOrigin } from "../audit/record-audit";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { AccountSettings, ClientClosedAnswer, LegalHoldAnswer, SettingsPatchBody } from "./model";
import { writeRecordsTrail } from "./records-trail";
import { changeAccountSettings, readAccountSettings } from "./settings-service";

/** The trail's target of a hold. */
const held = (target: HoldTarget, id: number) =>
  target === "clients"
    ? { target: { kind: "client", id }, clientId: id }
    : { target: { kind: "meeting", id }, meetingId: id };

const WHAT: Record<HoldTarget, "Client" | "Meeting"> = { clients: "Client", meetings: "Meeting" };

/** PUT: places a legal hold (in the trail); a record being deleted can no longer be held (409). */
async function placeHold(ctx: AppContext, userId: number, target: HoldTarget, id: number, from: AuditOrigin) {
  return inTransaction(ctx.db.sql, async (tx) => {
    const heldAt = await placeLegalHold(tx, userId, target, id);
    if (heldAt === undefined) throw notFound(WHAT[target]);
    if (heldAt === "deleting") {
      throw new HttpError(409, `This ${WHAT[target].toLowerCase()} is being deleted and cannot be held.`, "conflict");
    }
    await writeRecordsTrail(tx, { userId, action: "hold.placed", from, ...held(target, id) });
    return { id, held: true, heldAt: heldAt.toISOString() };
  });
}

/** DELETE: releases it (in the trail when one was placed). */
async function releaseHold(ctx: AppContext, userId: number, target: HoldTarget, id: number, from: AuditOrigin) {
  return inTransaction(ctx.db.sql, async (tx) => {
    const released = await releaseLegalHold(tx, userId, target, id);
    if (!released) throw notFound(WHAT[target]);
    if (released.wasHeld) {
      await writeRecordsTrail(tx, { userId, action: "hold.released", from, ...held(target, id) });
    }
    return { id, held: false, heldAt: null };
  });
}

async function closeClient(ctx: AppContext, userId: number, id: number, closed: boolean, from: AuditOrigin) {
  return inTransaction(ctx.db.sql, async (tx) => {
    if (!(await setClientClosed(tx, userId, id, closed))) throw notFound("Client");
    await writeRecordsTrail(tx, {
      userId,
      action: closed ? "client.closed" : "client.reopened",
      from,
      target: { kind: "client", id },
      clientId: id,
    });
    return { id, closed };
  });
}

const holdResponses = { 200: LegalHoldAnswer, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Retention settings, legal holds and a client's matter closed (issue 39). */
export function retentionRoutes(ctx: AppContext) {
  return new Elysia({ name: "retention" })
    .use(signedInMacro(ctx))
    .get("/api/account/settings", ({ user }) => readAccountSettings(ctx, user.id), {
      signedIn: true,
      response: { 200: AccountSettings, 401: ErrorBody },
    })
    .patch(
      "/api/account/settings",
      ({ body, request, user }) => {
        // An array passes an object schema whose fields are all optional: say what the route wants.
        if (Array.isArray(body) || Object.keys(body).length === 0) {
          throw badRequest("validation failed: nothing to change: send retentionPreset, lawFirmYears or overrides");
        }
        return changeAccountSettings(ctx, user.id, body, auditOrigin(ctx, request));
      },
      {
        signedIn: true,
        body: SettingsPatchBody,
        response: { 200: AccountSettings, 400: ErrorBody, 401: ErrorBody },
      },
    )
    .put(
      "/api/clients/:id/legal-hold",
      ({ params, request, user }) => placeHold(ctx, user.id, "clients", params.id, auditOrigin(ctx, request)),
      {
        signedIn: true,
        params: IdParams,
        response: holdResponses,
      },
    )
    .delete(
      "/api/clients/:id/legal-hold",
      ({ params, request, user }) => releaseHold(ctx, user.id, "clients", params.id, auditOrigin(ctx, request)),
      {
        signedIn: true,
        params: IdParams,
        response: holdResponses,
      },
    )
    .put(
      "/api/meetings/:id/legal-hold",
      ({ params, request, user }) => placeHold(ctx, user.id, "meetings", params.id, auditOrigin(ctx, request)),
      {
        signedIn: true,
        params: IdParams,
        response: holdResponses,
      },
    )
    .delete(
      "/api/meetings/:id/legal-hold",
      ({ params, request, user }) => releaseHold(ctx, user.id, "meetings", params.id, auditOrigin(ctx, request)),
      {
        signedIn: true,
        params: IdParams,
        response: holdResponses,
      },
    )
    .put(
      "/api/clients/:id/closed",
      ({ params, request, user }) => closeClient(ctx, user.id, params.id, true, auditOrigin(ctx, request)),
      {
        signedIn: true,
        params: IdParams,
        response: { 200: ClientClosedAnswer, 401: ErrorBody, 404: ErrorBody },
      },
    )
    .delete(
      "/api/clients/:id/closed",
      ({ params, request, user }) => closeClient(ctx, user.id, params.id, false, auditOrigin(ctx, request)),
      {
        signedIn: true,
        params: IdParams,
        response: { 200: ClientClosedAnswer, 401: ErrorBody, 404: ErrorBody },
      },
    );
}
