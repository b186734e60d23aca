import { type Static, t } from "elysia";

export const ClientItem = t.Object({
  id: t.Integer(),
  name: t.String(),
  type: t.String(),
  /** ISO 8601. */
  createdAt: t.String(),
  meetingCount: t.Integer(),
});
export type ClientItem = Static<typeof ClientItem>;

export const ClientList = t.Array(ClientItem);
export type ClientList = Static<typeof ClientList>;

/** A client has a name and a type only; both must hold more than spaces. */
export const NewClientBody = t.Object({ name: t.String({ maxLength: 200 }), type: t.String({ maxLength: 100 }) });
export type NewClientBody = Static<typeof NewClientBody>;
