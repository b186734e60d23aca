import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody } from "../common-model";
import { listAuditPage, parseAuditFilter, streamAuditCsv } from "./audit-log-service";
import { auditWho, recordRead } from "./audited";
import { AuditCsv, AuditLogPage, AuditLogQuery, AuditVerifyAnswer } from "./model";
import { verifyAuditChain } from "./verify-audit-chain";

/** The account's audit trail: paged, downloaded as CSV, and verified (docs/records.md). */
export function auditRoutes(ctx: AppContext) {
  const sql = ctx.db.sql;
  return new Elysia({ name: "audit" })
    .use(signedInMacro(ctx))
    .get(
      "/api/audit-log",
      async ({ query, request, user }) => {
        const filter = await parseAuditFilter(sql, user.id, query);
        // The page is read before this view is written: a reader does not see their own reading first.
        const page = await listAuditPage(sql, user.id, filter);
        await recordRead(sql, auditWho(ctx, request, user), {
          action: "audit.viewed",
          target: { kind: "audit-log", id: null },
        });
        return page;
      },
      {
        signedIn: true,
        query: AuditLogQuery,
        response: { 200: AuditLogPage, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    )
    .get(
      "/api/audit-log.csv",
      async ({ query, request, user }) => {
        const filter = await parseAuditFilter(sql, user.id, query);
        await recordRead(sql, auditWho(ctx, request, user), {
          action: "audit.exported",
          target: { kind: "audit-log", id: null },
          details: { ...query },
        });
        return new Response(streamAuditCsv(sql, user.id, filter), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": 'attachment; filename="audit-log.csv"',
            "cache-control": "private, no-store",
          },
        });
      },
      {
        signedIn: true,
        query: AuditLogQuery,
        response: { 200: AuditCsv, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    )
    .get("/api/audit-log/verify", async ({ user }) => verifyAuditChain(sql, user.id), {
      signedIn: true,
      response: { 200: AuditVerifyAnswer, 401: ErrorBody },
    });
}
