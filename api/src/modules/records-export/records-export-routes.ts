import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { parseInstant } from "../../http/parse-instant";
import { badRequest } from "../../http-error";
import { auditWho } from "../audit/audited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdNumber } from "../common-model";
import { streamRecordsExport } from "./export-service";

const Recordings = t.Optional(t.Union([t.Literal("true"), t.Literal("false")]));

export const RecordsExportQuery = t.Object({
  clientId: t.Optional(IdNumber),
  from: t.Optional(t.String({ maxLength: 40 })),
  to: t.Optional(t.String({ maxLength: 40 })),
  recordings: Recordings,
});

const ZipBytes = t.Unknown({ description: "application/zip" });
const responses = { 200: ZipBytes, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** E-discovery export (one client's or all records, by meeting date) and the account's own export: zips. */
export function recordsExportRoutes(ctx: AppContext) {
  return new Elysia({ name: "records-export" })
    .use(signedInMacro(ctx))
    .get(
      "/api/records/export",
      ({ query, request, user }) => {
        const from = parseInstant(query.from, "from") ?? null;
        const to = parseInstant(query.to, "to") ?? null;
        if (from && to && from > to) throw badRequest("validation failed: from is after to");
        return streamRecordsExport(ctx, auditWho(ctx, request, user), {
          scope: { clientId: query.clientId ?? null, from, to },
          withRecordings: query.recordings === "true",
        });
      },
      { signedIn: true, query: RecordsExportQuery, response: responses },
    )
    .get(
      "/api/account/export",
      ({ query, request, user }) =>
        streamRecordsExport(ctx, auditWho(ctx, request, user), {
          scope: "account",
          withRecordings: query.recordings !== "false",
        }),
      { signedIn: true, query: t.Object({ recordings: Recordings }), response: responses },
    );
}
