import { type Static, t } from "elysia";
import { MAX_RETENTION_DAYS, MAX_RETENTION_YEARS } from "./retention-schedule";

/** A kind's own period: whole days, whole years, or "forever"; null in a PATCH removes the override. */
export const RetentionPeriod = t.Union([
  t.Literal("forever"),
  t.Object(
    { days: t.Integer({ minimum: 1, maximum: MAX_RETENTION_DAYS }) },
    { additionalProperties: false, minProperties: 1 },
  ),
  t.Object(
    { years: t.Integer({ minimum: 1, maximum: MAX_RETENTION_YEARS }) },
    { additionalProperties: false, minProperties: 1 },
  ),
]);

const OverrideChange = t.Optional(t.Union([RetentionPeriod, t.Null()]));

export const RetentionPresetValue = t.Union([
  t.Literal("none"),
  t.Literal("sec-204-2"),
  t.Literal("finra-4511"),
  t.Literal("law-firm"),
]);

/** PATCH /api/account/settings: any of the preset, the law firm's years and per-kind overrides. */
export const SettingsPatchBody = t.Object(
  {
    retentionPreset: t.Optional(RetentionPresetValue),
    lawFirmYears: t.Optional(t.Integer({ minimum: 1, maximum: MAX_RETENTION_YEARS })),
    overrides: t.Optional(
      t.Object(
        {
          recordings: OverrideChange,
          transcripts: OverrideChange,
          notes: OverrideChange,
          emails: OverrideChange,
          auditTrail: OverrideChange,
        },
        // At least one kind: Elysia reads a string or number here as an empty object, which must not pass.
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SettingsPatchBody = Static<typeof SettingsPatchBody>;

/** What keeps one kind: none (deletable, never disposed of), a period from the record, for ever, or after closing. */
export const KindRetention = t.Object({
  mode: t.Union([
    t.Literal("none"),
    t.Literal("days"),
    t.Literal("years"),
    t.Literal("forever"),
    t.Literal("after-close"),
  ]),
  amount: t.Integer(),
  /** The kind's own override (else the preset's rule). */
  overridden: t.Boolean(),
});

const HeldItem = t.Object({ id: t.Integer(), name: t.String(), clientId: t.Integer(), heldAt: t.String() });

export const AccountSettings = t.Object({
  retentionPreset: RetentionPresetValue,
  lawFirmYears: t.Integer(),
  overrides: t.Object({
    recordings: t.Optional(RetentionPeriod),
    transcripts: t.Optional(RetentionPeriod),
    notes: t.Optional(RetentionPeriod),
    emails: t.Optional(RetentionPeriod),
    auditTrail: t.Optional(RetentionPeriod),
  }),
  retention: t.Object({
    recordings: KindRetention,
    transcripts: KindRetention,
    notes: KindRetention,
    emails: KindRetention,
    auditTrail: KindRetention,
  }),
  /** Days after which the account's plan deletes recordings (Basic 30, Premium 90 while payments are on); else null. */
  planRecordingDays: t.Union([t.Integer(), t.Null()]),
  legalHolds: t.Object({ clients: t.Array(HeldItem), meetings: t.Array(HeldItem) }),
});
export type AccountSettings = Static<typeof AccountSettings>;

export const LegalHoldAnswer = t.Object({
  id: t.Integer(),
  held: t.Boolean(),
  heldAt: t.Union([t.String(), t.Null()]),
});
export type LegalHoldAnswer = Static<typeof LegalHoldAnswer>;

export const ClientClosedAnswer = t.Object({ id: t.Integer(), closed: t.Boolean() });
