import { Elysia } from "elysia";
import type { AppContext } from "./context";
import { liveRoutes } from "./live/live-routes";
import { accountRoutes } from "./modules/account/account-routes";
import { actionItemsRoutes } from "./modules/action-items/action-items-routes";
import { auditRoutes } from "./modules/audit/audit-routes";
import { authRoutes } from "./modules/auth/auth-routes";
import { briefingRoutes } from "./modules/briefing/briefing-routes";
import { calendarFeedRoutes } from "./modules/calendar-feed/calendar-feed-routes";
import { clientsRoutes } from "./modules/clients/clients-routes";
import { conversationsRoutes } from "./modules/conversations/conversations-routes";
import { exportRoutes } from "./modules/export/export-routes";
import { followUpRoutes } from "./modules/follow-up/follow-up-routes";
import { healthRoutes } from "./modules/health/health-routes";
import { meetingsRoutes } from "./modules/meetings/meetings-routes";
import { transcriptRangeRoutes } from "./modules/meetings/transcript-range-routes";
import { notesRoutes } from "./modules/notes/notes-routes";
import { paymentsRoutes } from "./modules/payments/payments-routes";
import { recordsExportRoutes } from "./modules/records-export/records-export-routes";
import { retentionRoutes } from "./modules/retention/retention-routes";
import { scheduleRoutes } from "./modules/schedule/schedule-routes";
import { searchRoutes } from "./modules/search/search-routes";
import { speakersRoutes } from "./modules/speakers/speakers-routes";
import { statsRoutes } from "./modules/stats/stats-routes";
import { summaryEditsRoutes } from "./modules/summary-edits/summary-edits-routes";
import { uploadsRoutes } from "./modules/uploads/uploads-routes";
import { usageRoutes } from "./modules/usage/usage-routes";
import { versionsRoutes } from "./modules/versions/versions-routes";
import { errorHandler } from "./plugins/error-handler";
import { originGuard } from "./plugins/origin-guard";
import { requestGuard } from "./plugins/request-guard";
import { requestLog } from "./plugins/request-log";
import { staticAssets } from "./plugins/static-assets";
import { ssrRoutes } from "./ssr/ssr-routes";

/** JSON bodies above this are refused (uploads and webhooks have their own limits). */
export const MAX_JSON_BYTES = 1024 * 1024;

export const WEBHOOK_PATH = "/api/payments/webhook";

/** Paths whose bodies are not JSON: they read their own body. */
export const RAW_BODY_PATHS = ["/api/meetings/upload", "/api/uploads", "/api/uploads/", WEBHOOK_PATH];

export function createApp(ctx: AppContext) {
  let handle: (request: Request) => Promise<Response> = () => Promise.reject(new Error("app not ready"));
  const app = new Elysia()
    .use(errorHandler(ctx.logger))
    .use(requestLog(ctx.logger))
    .use(originGuard({ exempt: [WEBHOOK_PATH], trustProxy: ctx.config.trustProxy }))
    .use(requestGuard({ maxJsonBytes: MAX_JSON_BYTES, rawBodyPaths: RAW_BODY_PATHS }))
    .use(staticAssets(ctx.assetsDir))
    .use(healthRoutes(ctx))
    .use(authRoutes(ctx))
    .use(clientsRoutes(ctx))
    .use(meetingsRoutes(ctx))
    .use(uploadsRoutes(ctx))
    .use(transcriptRangeRoutes(ctx))
    .use(followUpRoutes(ctx))
    .use(exportRoutes(ctx))
    .use(notesRoutes(ctx))
    .use(paymentsRoutes(ctx))
    .use(statsRoutes(ctx))
    .use(usageRoutes(ctx))
    .use(searchRoutes(ctx))
    .use(actionItemsRoutes(ctx))
    .use(summaryEditsRoutes(ctx))
    .use(speakersRoutes(ctx))
    .use(conversationsRoutes(ctx))
    .use(briefingRoutes(ctx))
    .use(scheduleRoutes(ctx))
    .use(calendarFeedRoutes(ctx))
    .use(auditRoutes(ctx))
    .use(versionsRoutes(ctx))
    .use(retentionRoutes(ctx))
    .use(recordsExportRoutes(ctx))
    .use(accountRoutes(ctx))
    .use(liveRoutes(ctx))
    .use(ssrRoutes(ctx, () => handle));
  handle = (request) => app.handle(request);
  return app;
}
