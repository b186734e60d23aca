// After the embedding model changes (local <-> OpenAI, hashing -> sentence encoder, a new OpenAI model), the meetings
// whose chunks another model embedded are indexed again. Until then vector search skips those chunks (search filters
// by the current model: their vectors are not comparable) while full-text search still finds them.
import type { IntelligenceDeps } from "./index-meeting";

/** Meetings holding chunks of another model than the embedder's. Loads the embedder first, so its model is settled. */
export async function listMeetingsToReembed(deps: IntelligenceDeps): Promise<number[]> {
  await deps.embedder.embed(["ready"]);
  return deps.store.meetingsWithStaleEmbeddings(deps.embedder.model);
}
