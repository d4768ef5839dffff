import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { cleanFolder, type FileStorage, newStoragePath } from "./storage";

export interface S3StorageConfig {
  bucket: string;
  /** A local or non-AWS server (MinIO, s3rver, ...): path-style addressing. */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Where browsers read the files (`S3_PUBLIC_URL`, e.g. a CDN or `<endpoint>/<bucket>`). */
  publicUrl: string;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

/** S3's smallest part (but the last); a part is buffered before it is sent. */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE = 2;

/** Uploaded files in an S3-compatible bucket, shared by every instance (ARCHITECTURE §9). */
export function createS3Storage(config: S3StorageConfig, client?: S3Client): FileStorage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    });
  const base = config.publicUrl.replace(/\/+$/, "");
  return {
    root: null,
    async save(folder, extension, data) {
      const key = newStoragePath(folder, extension);
      const params = {
        Bucket: config.bucket,
        Key: key,
        ContentType: CONTENT_TYPES[extension.toLowerCase()] ?? "application/octet-stream",
        CacheControl: "public, max-age=86400",
      };
      if (Buffer.isBuffer(data)) {
        await s3.send(new PutObjectCommand({ ...params, Body: data }));
        return key;
      }
      // A stream of unknown length: one PutObject when it ends within the first part, a multipart
      // upload beyond (at most UPLOAD_QUEUE parts of UPLOAD_PART_BYTES in memory); a failing stream
      // aborts it, so no object is left. Its error is the one reported (an upload over its limit is
      // the client's 400), even when the abort fails too (parts left: the bucket's lifecycle rule).
      let streamError: unknown = null;
      data.once("error", (error) => {
        streamError = error;
      });
      try {
        await new Upload({
          client: s3,
          params: { ...params, Body: data },
          partSize: UPLOAD_PART_BYTES,
          queueSize: UPLOAD_QUEUE,
          leavePartsOnError: false,
        }).done();
      } catch (error) {
        throw streamError ?? error;
      }
      return key;
    },
    async remove(relativePath) {
      if (!relativePath) return;
      await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: relativePath }));
    },
    async open(relativePath) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: relativePath }));
        // In Node the SDK's body is an http response: read as it is consumed.
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async removeFolder(folder) {
      const prefix = `${cleanFolder(folder).replace(/\/+$/, "")}/`;
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          await s3.send(new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: keys } }));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    url(relativePath) {
      return relativePath ? `${base}/${relativePath}` : null;
    },
  };
}
