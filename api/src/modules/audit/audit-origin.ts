import type { AppContext } from "../../context";
import { readPeerAddress } from "../../http/client-address";
import type { AuditOrigin } from "./record-audit";

/** "From where" of a request for the audit trail: the sender's address and its browser's User-Agent. */
export function auditOrigin(ctx: Pick<AppContext, "config">, request: Request): AuditOrigin {
  return {
    ip: readPeerAddress(request, ctx.config.trustProxy),
    userAgent: request.headers.get("user-agent"),
  };
}
