import { type Static, t } from "elysia";
import { IdNumber, Nullable } from "../common-model";

/** GET /api/audit-log and /api/audit-log.csv: `from`/`to` instants, an action, a client; `cursor` pages on. */
export const AuditLogQuery = t.Object({
  from: t.Optional(t.String({ maxLength: 40 })),
  to: t.Optional(t.String({ maxLength: 40 })),
  action: t.Optional(t.String({ maxLength: 60 })),
  clientId: t.Optional(IdNumber),
  cursor: t.Optional(t.String({ maxLength: 20 })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, multipleOf: 1 })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditLogEntry = t.Object({
  id: t.Number(),
  seq: t.Number(),
  at: t.String(),
  action: t.String(),
  label: t.String(),
  actor: Nullable(t.Object({ id: t.Number(), name: Nullable(t.String()) })),
  target: Nullable(t.Object({ kind: t.String(), id: Nullable(t.String()) })),
  clientId: Nullable(t.Number()),
  meetingId: Nullable(t.Number()),
  ip: Nullable(t.String()),
  userAgent: Nullable(t.String()),
  details: t.Record(t.String(), t.Unknown()),
  prevHash: t.String(),
  hash: t.String(),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

export const AuditLogPage = t.Object({ entries: t.Array(AuditLogEntry), nextCursor: Nullable(t.String()) });
export type AuditLogPage = Static<typeof AuditLogPage>;

export const AuditVerifyAnswer = t.Object({
  ok: t.Boolean(),
  rows: t.Number(),
  firstBadRow: Nullable(
    t.Object({ accountId: t.Number(), id: Nullable(t.Number()), seq: t.Number(), reason: t.String() }),
  ),
});

/** The CSV's bytes; not JSON. */
export const AuditCsv = t.Unknown({ description: "text/csv" });
