// s3rver ships no types: the part the storage tests use (./s3rver-main.ts).
declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: (string | Uint8Array)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module "s3rver/lib/stores/filesystem" {
  export default class FilesystemStore {
    getResourcePath(bucket: string, key?: string, resource?: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
    putObject(object: unknown): Promise<{ size: number; md5: string }>;
  }
}
