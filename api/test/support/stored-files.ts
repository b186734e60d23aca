import type { FileStorage } from "../../src/storage/file-storage";

/** The stored file's bytes, from the data folder or the bucket alike. */
export async function readStored(storage: FileStorage, key: string): Promise<Uint8Array> {
  return new Response(storage.read(key)).bytes();
}

/** Whether storage holds a file under the key. */
export async function isStored(storage: FileStorage, key: string): Promise<boolean> {
  return (await storage.size(key)) !== undefined;
}
