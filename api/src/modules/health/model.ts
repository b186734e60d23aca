import { type Static, t } from "elysia";

/** What this process runs on, and whether the database answers (503 with the same shape when it does not). */
export const Health = t.Object({
  status: t.Union([t.Literal("ok"), t.Literal("degraded")]),
  version: t.String(),
  /** The process that answered: "web-2" in a supervised group (docs/operating.md, Running at scale), else "main". */
  process: t.String(),
  database: t.Object({ mode: t.String(), reachable: t.Boolean() }),
  /**
   * `engine` is "local" or "openai" (some capability on a service); each capability names its own engine: speech
   * (null when audio is refused; `draft` for offline recognition), summaries and embeddings.
   */
  ai: t.Object({
    engine: t.String(),
    transcription: t.Boolean(),
    speech: t.Union([t.Object({ engine: t.String(), draft: t.Boolean() }), t.Null()]),
    summary: t.Object({ engine: t.String() }),
    embeddings: t.Object({ engine: t.String() }),
  }),
  mail: t.Object({ transport: t.String() }),
  payments: t.Object({ enabled: t.Boolean() }),
});
export type Health = Static<typeof Health>;
