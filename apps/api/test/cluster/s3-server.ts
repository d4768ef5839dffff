import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { AppConfig } from "../../src/config";

export const S3_BUCKET = "certavis-test";

/** A real S3-compatible server (s3rver) on a free port, with one bucket; `config` points the app at it. */
export async function startS3Server() {
  const directory = mkdtempSync(join(tmpdir(), "certavis-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: Partial<AppConfig> = {
    s3Bucket: S3_BUCKET,
    s3Endpoint: endpoint,
    s3Region: "us-east-1",
    s3AccessKeyId: "S3RVER",
    s3SecretAccessKey: "S3RVER",
    s3PublicUrl: `${endpoint}/${S3_BUCKET}`,
  };
  return {
    endpoint,
    config,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
