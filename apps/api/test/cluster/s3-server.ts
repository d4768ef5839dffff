import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { AppConfig } from "../../src/config";

export const S3_BUCKET = "certavis-test";

/**
 * A real S3-compatible server (s3rver) on a free port, with one bucket; `config` points the app at it.
 * `stop()` and `restart()` take it down and back on the same port with the same files (an outage).
 */
export async function startS3Server() {
  const directory = mkdtempSync(join(tmpdir(), "certavis-s3-"));
  const serve = (port: number) =>
    new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: S3_BUCKET }],
    });
  let server = serve(0);
  let running = true;
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
    async stop() {
      running = false;
      await server.close();
    },
    async restart() {
      server = serve(port);
      await server.run();
      running = true;
    },
    async close() {
      if (running) await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
