import { hitRateLimit } from "@cm/db/queries/rate-limits";
import { type ExportScope, releaseExportLease, renewExportLease, takeExportLease } from "@cm/db/queries/records-export";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";
import type { AuditWho } from "../audit/audited";
import { recordAudit } from "../audit/record-audit";
import { attachmentDisposition } from "../export/content-disposition";
import { type ExportRequest, type Manifest, writeRecordsExport } from "./write-export";
import { ZipStream } from "./zip-stream";

/** An export's lease on the account's one place, renewed after each meeting; a dead process's runs out. */
const LEASE_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Bytes the response may hold before the export waits for the reader: memory stays flat however large it is. */
const BUFFERED_BYTES = 1024 * 1024;

class ExportCancelled extends Error {}

/** Refuses a second export at once (429) and more than the day's exports (429); takes the account's place. */
async function admitExport(ctx: AppContext, userId: number): Promise<void> {
  if (!(await takeExportLease(ctx.db.sql, userId, LEASE_MS))) {
    throw new HttpError(
      429,
      "An export of this account is already being prepared. Wait for it to finish, then start the next.",
      "export_busy",
    );
  }
  const wait = await hitRateLimit(ctx.db.sql, {
    scope: "records-export",
    key: String(userId),
    limit: ctx.config.recordsExportsPerDay,
    windowMs: DAY_MS,
  });
  if (wait > 0) {
    await releaseExportLease(ctx.db.sql, userId);
    const hours = Math.max(1, Math.ceil(wait / 3600));
    throw new HttpError(
      429,
      `This account has started ${ctx.config.recordsExportsPerDay} exports today, the most a day. Try again in about ${hours} hour${hours === 1 ? "" : "s"}.`,
      "export_limit",
      { freesAt: new Date(Date.now() + wait * 1000).toISOString() },
    );
  }
}

/** A client in scope must be the user's: another user's id answers 404, as everywhere. */
async function checkScope(ctx: AppContext, userId: number, scope: ExportScope | "account") {
  if (scope === "account" || scope.clientId === null) return;
  const [row] = await ctx.db.sql`select 1 from clients where id = ${scope.clientId} and user_id = ${userId}`;
  if (!row) throw notFound("Client");
}

/**
 * Streams the export as a zip (GET /api/records/export and /api/account/export): written as the reader takes it,
 * never held whole. The trail records what it contained (its digest and files) before the archive is closed, or
 * what had been sent when the reader went away.
 */
export async function streamRecordsExport(
  ctx: AppContext,
  who: AuditWho,
  request: Omit<ExportRequest, "userId" | "at">,
): Promise<Response> {
  const userId = who.accountId;
  await checkScope(ctx, userId, request.scope);
  await admitExport(ctx, userId);
  const full: ExportRequest = { ...request, userId, at: new Date() };
  let resume: (() => void) | undefined;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const write = async (chunk: Uint8Array) => {
          if (cancelled) throw new ExportCancelled();
          controller.enqueue(chunk);
          while ((controller.desiredSize ?? 1) <= 0 && !cancelled) {
            await new Promise<void>((wake) => {
              resume = wake;
            });
          }
          if (cancelled) throw new ExportCancelled();
        };
        produce(ctx, who, full, write).then(
          () => controller.close(),
          (error) => {
            if (cancelled) return;
            ctx.logger.error("records export failed", { error: (error as Error).message });
            controller.error(error);
          },
        );
      },
      pull() {
        resume?.();
      },
      cancel() {
        cancelled = true;
        resume?.();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BUFFERED_BYTES }),
  );
  const name = request.scope === "account" ? "account-export" : "records-export";
  return new Response(stream, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": attachmentDisposition(`${name}-${full.at.toISOString().slice(0, 10)}`, "zip"),
      "cache-control": "no-store",
    },
  });
}

async function produce(
  ctx: AppContext,
  who: AuditWho,
  request: ExportRequest,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<void> {
  const zip = new ZipStream(write, request.at);
  let manifest: Manifest | undefined;
  try {
    manifest = await writeRecordsExport(ctx, request, zip, () => renewExportLease(ctx.db.sql, who.accountId, LEASE_MS));
    await recordExport(ctx, who, request, manifest);
    await zip.finish();
  } catch (error) {
    if (error instanceof ExportCancelled && !manifest) await recordExport(ctx, who, request, undefined);
    throw error;
  } finally {
    await releaseExportLease(ctx.db.sql, who.accountId).catch(() => {});
  }
}

/** The export in the trail: its scope, and its digest and files when it was complete; a cut-off one says so. */
async function recordExport(ctx: AppContext, who: AuditWho, request: ExportRequest, manifest: Manifest | undefined) {
  const scope = request.scope;
  await recordAudit(ctx.db.sql, {
    ...who,
    action: scope === "account" ? "account.exported" : "records.exported",
    target: scope === "account" ? { kind: "account", id: who.accountId } : { kind: "records", id: null },
    clientId: scope === "account" ? null : scope.clientId,
    details: {
      complete: manifest !== undefined,
      scope:
        scope === "account"
          ? "account"
          : { clientId: scope.clientId, from: scope.from?.toISOString() ?? null, to: scope.to?.toISOString() ?? null },
      recordings: request.withRecordings,
      ...(manifest
        ? {
            exportSha256: manifest.exportSha256,
            meetings: manifest.meetings,
            files: manifest.files.length,
            bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
          }
        : {}),
    },
  });
}
