import { deleteConversation } from "@cm/db/queries/conversations";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { notFound } from "../../http-error";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams, MessageBody } from "../common-model";
import { getUserConversation, listUserConversations } from "./conversation-service";
import { ConversationDetail, ConversationList } from "./model";

/** Saved Meeting Intelligence conversations; POST /api/search adds to them. */
export function conversationsRoutes(ctx: AppContext) {
  return new Elysia({ name: "conversations" })
    .use(signedInMacro(ctx))
    .get("/api/conversations", async ({ user }) => listUserConversations(ctx.db.sql, user.id), {
      signedIn: true,
      response: { 200: ConversationList, 401: ErrorBody },
    })
    .get("/api/conversations/:id", async ({ params, user }) => getUserConversation(ctx.db.sql, user.id, params.id), {
      signedIn: true,
      params: IdParams,
      response: { 200: ConversationDetail, 401: ErrorBody, 404: ErrorBody },
    })
    .delete(
      "/api/conversations/:id",
      async ({ params, user }) => {
        if (!(await deleteConversation(ctx.db.sql, user.id, params.id))) throw notFound("Conversation");
        return { message: "Conversation deleted" };
      },
      { signedIn: true, params: IdParams, response: { 200: MessageBody, 401: ErrorBody, 404: ErrorBody } },
    );
}
