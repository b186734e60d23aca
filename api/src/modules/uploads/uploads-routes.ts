import { deleteResumableUpload, findResumableUpload } from "@cm/db/queries/resumable-uploads";
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { redactPath } from "../../http/redact-path";
import { HttpError, notFound, unauthorized } from "../../http-error";
import { readSessionUser, sessionCookieName } from "../auth/session-service";
import { signedInMacro } from "../auth/signed-in";
import { createUpload, maxUploadBytes } from "./create-upload";
import { createPartialFiles } from "./partial-files";
import { answerEnded, OffsetConflict, patchUpload } from "./patch-upload";
import { checkTusResumable, TUS_EXTENSIONS, TUS_VERSION, tusError, tusHeaders, UPLOADS_PATH } from "./tus-protocol";
import { takeUploadWriter } from "./upload-writer";

const UploadParams = t.Object({ id: t.String({ maxLength: 64 }) });
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const HEAD_PATH = /^\/api\/uploads\/([^/]{1,64})$/;

/** The session's user from the Cookie header (before routing there is no cookie jar yet). */
async function findCookieUser(ctx: AppContext, request: Request) {
  const cookies = new Bun.CookieMap(request.headers.get("cookie") ?? "");
  const sid = cookies.get(sessionCookieName(ctx.config.env === "production")) || undefined;
  return readSessionUser(ctx.db.sql, sid);
}

/** Every tus answer, errors included, carries Tus-Resumable; a 409 the offset to resume from. */
async function answer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OffsetConflict) return tusError(error, { "upload-offset": String(error.offset) });
    if (error instanceof HttpError) {
      const extra: Record<string, string> = error.status === 412 ? { "tus-version": TUS_VERSION } : {};
      return tusError(error, extra);
    }
    throw error;
  }
}

/** Resumable uploads (tus 1.0.0) under /api/uploads: see docs/uploads.md and the contract of issue 29. */
export function uploadsRoutes(ctx: AppContext) {
  const partials = createPartialFiles(ctx.config.dataDir);
  const known = (id: string) => {
    if (!UPLOAD_ID.test(id)) throw notFound("Upload");
    return id;
  };
  async function head(request: Request, id: string): Promise<Response> {
    const user = await findCookieUser(ctx, request);
    if (!user) throw unauthorized();
    const row = await findResumableUpload(ctx.db.sql, user.id, known(id));
    if (!row) throw notFound("Upload");
    checkTusResumable(request);
    const ended = answerEnded(row);
    if (ended) throw ended;
    const headers = tusHeaders({ "upload-offset": String(row.uploadOffset) });
    if (row.uploadLength === null) headers["upload-defer-length"] = "1";
    else headers["upload-length"] = String(row.uploadLength);
    if (row.meetingId !== null) headers["meeting-id"] = String(row.meetingId);
    return new Response(null, { status: 200, headers });
  }
  return (
    new Elysia({ name: "uploads" })
      // Elysia 1.4 answers HEAD with the GET route matching the path (here the pages' catch-all), even where a HEAD
      // route exists: HEAD /api/uploads/{id} is answered before routing.
      .onRequest(({ request }) => {
        if (request.method !== "HEAD") return;
        const match = HEAD_PATH.exec(new URL(request.url).pathname);
        if (!match) return;
        const started = performance.now();
        return answer(() => head(request, match[1]!)).then((response) => {
          // Answered before routing, so the request log's hook does not see it: the same line, written here.
          ctx.logger.info("request", {
            method: "HEAD",
            path: redactPath(new URL(request.url).pathname),
            status: response.status,
            durationMs: Math.round((performance.now() - started) * 10) / 10,
          });
          return response;
        });
      })
      .use(signedInMacro(ctx))
      .options(
        UPLOADS_PATH,
        () =>
          new Response(null, {
            status: 204,
            headers: tusHeaders({
              "tus-version": TUS_VERSION,
              "tus-extension": TUS_EXTENSIONS,
              "tus-max-size": String(maxUploadBytes(ctx)),
            }),
          }),
      )
      .post(UPLOADS_PATH, ({ request, user }) => answer(() => createUpload(ctx, partials, user.id, request)), {
        signedIn: true,
        parse: "none",
      })
      .patch(
        `${UPLOADS_PATH}/:id`,
        ({ params, request, user }) => answer(() => patchUpload(ctx, partials, user.id, known(params.id), request)),
        { signedIn: true, params: UploadParams, parse: "none" },
      )
      .delete(
        `${UPLOADS_PATH}/:id`,
        ({ params, request, user }) =>
          answer(async () => {
            const id = known(params.id);
            const row = await findResumableUpload(ctx.db.sql, user.id, id);
            if (!row) throw notFound("Upload");
            checkTusResumable(request);
            // A request still appending (here or in another process) stops before the file goes.
            const writer = await takeUploadWriter(ctx.db.sql, id, () => {});
            try {
              await deleteResumableUpload(ctx.db.sql, user.id, id);
              await partials.remove(id);
            } finally {
              await writer.release();
            }
            // A complete file moved into storage but not yet a meeting goes too; a meeting's recording stays.
            if (row.storageKey && row.meetingId === null) await ctx.storage.remove(row.storageKey).catch(() => {});
            return new Response(null, { status: 204, headers: tusHeaders() });
          }),
        { signedIn: true, params: UploadParams, parse: "none" },
      )
  );
}
