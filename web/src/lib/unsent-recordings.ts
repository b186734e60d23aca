import { type ChunkStore, openChunkStore } from "../components/recorder/chunk-store";

/**
 * How many recordings this device still keeps for the server (not yet meetings, not refused by it). Signing out
 * deletes them with the rest of the site's storage (the answer's Clear-Site-Data), so the advisor is asked first.
 * A browser without IndexedDB, or a store that cannot be opened, keeps none.
 */
export async function countUnsentRecordings(open: () => Promise<ChunkStore> = openChunkStore): Promise<number> {
  if (typeof indexedDB === "undefined") return 0;
  try {
    const store = await open();
    return (await store.listRecordings()).filter((recording) => !recording.refusal).length;
  } catch {
    return 0;
  }
}
