import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { auditWho } from "../audit/audited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { addUserActionItem, changeUserActionItem, listUserActionItems } from "./action-items-service";
import {
  ActionItemListQuery,
  ActionItemPatchBody,
  ActionItemTask,
  ActionItemTaskList,
  NewActionItemBody,
} from "./model";

/** Action items as tasks across the user's meetings: listed on the Tasks page, edited there and on a meeting's page. */
export function actionItemsRoutes(ctx: AppContext) {
  return new Elysia({ name: "action-items" })
    .use(signedInMacro(ctx))
    .get("/api/action-items", async ({ query, user }) => listUserActionItems(ctx, user, query), {
      signedIn: true,
      query: ActionItemListQuery,
      response: { 200: ActionItemTaskList, 400: ErrorBody, 401: ErrorBody },
    })
    .post(
      "/api/action-items",
      async ({ body, request, set, user }) => {
        const task = await addUserActionItem(ctx, user.id, body, auditWho(ctx, request, user));
        set.status = 201;
        return task;
      },
      {
        signedIn: true,
        body: NewActionItemBody,
        response: {
          201: ActionItemTask,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          429: ErrorBody,
        },
      },
    )
    .patch(
      "/api/action-items/:id",
      async ({ params, body, request, user }) =>
        changeUserActionItem(ctx, user.id, params.id, body, auditWho(ctx, request, user)),
      {
        signedIn: true,
        params: IdParams,
        body: ActionItemPatchBody,
        response: { 200: ActionItemTask, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    );
}
