import { type Static, t } from "elysia";
import { Nullable } from "../common-model";

export const ClientItem = t.Object({
  id: t.Integer(),
  name: t.String(),
  type: t.String(),
  /** Default recipient of follow-up e-mails; null when none was given. */
  email: Nullable(t.String()),
  /** ISO 8601. */
  createdAt: t.String(),
  meetingCount: t.Integer(),
});
export type ClientItem = Static<typeof ClientItem>;

export const ClientList = t.Array(ClientItem);
export type ClientList = Static<typeof ClientList>;

/** A client has a name and a type, both more than spaces, and optionally an e-mail address (checked by the route). */
export const NewClientBody = t.Object({
  name: t.String({ maxLength: 200 }),
  type: t.String({ maxLength: 100 }),
  /** "" or absent: none. */
  email: t.Optional(t.String({ maxLength: 320 })),
});
export type NewClientBody = Static<typeof NewClientBody>;

/** PATCH /api/clients/{id}: sets the client's e-mail address, or clears it with "". */
export const ClientEmailBody = t.Object({ email: t.String({ maxLength: 320 }) });
export type ClientEmailBody = Static<typeof ClientEmailBody>;
