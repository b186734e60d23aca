import { inTransaction } from "@cm/db/queries/in-transaction";
import { listLegalHolds } from "@cm/db/queries/legal-holds";
import {
  findAuditPromises,
  keepPromises,
  lockAccountSettings,
  saveAccountSettings,
  saveAuditPromises,
} from "@cm/db/queries/retention";
import type { AppContext } from "../../context";
import type { AuditOrigin } from "../audit/record-audit";
import { readRetentionSettings } from "./account-retention";
import { nextAuditPromises } from "./audit-retention";
import type { AccountSettings, SettingsPatchBody } from "./model";
import { recordingDaysOf } from "./plan-recordings";
import { writeRecordsTrail } from "./records-trail";
import {
  meetingRules,
  RECORD_KINDS,
  type RecordKind,
  type RetentionPeriod,
  type RetentionSettings,
  ruleFor,
} from "./retention-schedule";

/** GET /api/account/settings: the schedule in force per kind, the plan's recording days and the legal holds. */
export async function readAccountSettings(ctx: AppContext, userId: number): Promise<AccountSettings> {
  const settings = await readRetentionSettings(ctx.db.sql, userId);
  const holds = await listLegalHolds(ctx.db.sql, userId);
  const present = (held: { id: number; name: string; clientId: number; heldAt: Date }) => ({
    id: Number(held.id),
    name: held.name,
    clientId: Number(held.clientId),
    heldAt: held.heldAt.toISOString(),
  });
  const retention = Object.fromEntries(
    RECORD_KINDS.map((kind) => [
      kind,
      { ...ruleFor(settings, kind), overridden: settings.overrides[kind] !== undefined },
    ]),
  ) as AccountSettings["retention"];
  return {
    retentionPreset: settings.preset,
    lawFirmYears: settings.lawFirmYears,
    overrides: settings.overrides,
    retention,
    planRecordingDays: await recordingDaysOf(ctx, userId),
    legalHolds: { clients: holds.clients.map(present), meetings: holds.meetings.map(present) },
  };
}

function applyPatch(settings: RetentionSettings, patch: SettingsPatchBody): RetentionSettings {
  const overrides: Partial<Record<RecordKind, RetentionPeriod>> = { ...settings.overrides };
  for (const kind of RECORD_KINDS) {
    const change = patch.overrides?.[kind];
    if (change === null) delete overrides[kind];
    else if (change !== undefined) overrides[kind] = change;
  }
  return {
    preset: patch.retentionPreset ?? settings.preset,
    lawFirmYears: patch.lawFirmYears ?? settings.lawFirmYears,
    overrides,
  };
}

/**
 * PATCH /api/account/settings. Under the settings row's lock, what the schedule in force promised each meeting is
 * written down before the new one replaces it (a shorter schedule never disposes of a record sooner than promised),
 * and the change goes into the trail in the same transaction.
 */
export async function changeAccountSettings(
  ctx: AppContext,
  userId: number,
  patch: SettingsPatchBody,
  from: AuditOrigin,
) {
  await inTransaction(ctx.db.sql, async (tx) => {
    await lockAccountSettings(tx, userId);
    const before = await readRetentionSettings(tx, userId);
    const after = applyPatch(before, patch);
    await keepPromises(tx, userId, meetingRules(before));
    const auditPromises = await findAuditPromises(tx, userId);
    await saveAccountSettings(tx, userId, {
      retentionPreset: after.preset,
      lawFirmYears: after.lawFirmYears,
      retentionOverrides: after.overrides,
    });
    await saveAuditPromises(tx, userId, nextAuditPromises(auditPromises, ruleFor(before, "auditTrail"), new Date()));
    await writeRecordsTrail(tx, { userId, action: "settings.changed", from, details: { before, after } });
  });
  return readAccountSettings(ctx, userId);
}
