// What the browser keeps for this tab only (sessionStorage): saved chats, unsaved notes. Read back as unknown JSON,
// so each reader checks the shape it expects.

/** The tab's sessionStorage, or null where there is none (server rendering) or it is refused (privacy settings). */
export function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
