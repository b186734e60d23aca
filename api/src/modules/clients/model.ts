import { type Static, t } from "elysia";
import { CONTACTS_CEILING } from "../../config-account-limits";
import { SingleLine } from "../common-model";

export const ClientItem = t.Object({
  id: t.Integer(),
  name: t.String(),
  type: t.String(),
  /** The client's contact addresses: the only recipients of its follow-ups, besides the advisor's own address. */
  emails: t.Array(t.String()),
  /** ISO 8601. */
  createdAt: t.String(),
  meetingCount: t.Integer(),
});
export type ClientItem = Static<typeof ClientItem>;

export const ClientList = t.Array(ClientItem);
export type ClientList = Static<typeof ClientList>;

/** A client has a name and a type, both more than spaces, and optionally contact addresses (checked by the route). */
export const NewClientBody = t.Object({
  name: SingleLine({ maxLength: 200 }),
  type: SingleLine({ maxLength: 100 }),
  /** Absent or empty: none. */
  emails: t.Optional(t.Array(t.String({ maxLength: 320 }), { maxItems: CONTACTS_CEILING })),
});
export type NewClientBody = Static<typeof NewClientBody>;

/**
 * PATCH /api/clients/{id}: any of name, type (more than spaces, as on create) and emails (the whole new list;
 * addresses it did not have count against the daily cap).
 */
export const ClientPatchBody = t.Object({
  name: t.Optional(SingleLine({ maxLength: 200 })),
  type: t.Optional(SingleLine({ maxLength: 100 })),
  emails: t.Optional(t.Array(t.String({ maxLength: 320 }), { maxItems: CONTACTS_CEILING })),
});
export type ClientPatchBody = Static<typeof ClientPatchBody>;

/** POST /api/clients/{id}/emails: adds one contact address (a deliberate step; new ones count against a daily cap). */
export const ClientEmailBody = t.Object({ email: t.String({ maxLength: 320 }) });
export type ClientEmailBody = Static<typeof ClientEmailBody>;
