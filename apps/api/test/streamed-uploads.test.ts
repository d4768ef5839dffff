/**
 * Review videos stream from the request to the storage (local disk or an S3-compatible bucket) as
 * they arrive, the size limits checked on the way: a file at the limit is stored intact, one byte
 * more is refused with its French 400 and leaves nothing behind. Photos are stored re-encoded,
 * without their metadata, and every stored file goes with its review.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewFiles, reviews } from "../src/db/schema";
import { createS3Storage } from "../src/lib/s3-storage";
import { createFileStorage, type FileStorage } from "../src/lib/storage";
import { runCertificationJobs } from "../src/modules/certification/jobs";
import { S3_BUCKET, startS3Server } from "./cluster/s3-server";
import { waitUntil } from "./cluster/wait-until";
import { authHeaders, createTestApp, TEST_DATABASES, type TestApp } from "./helpers";
import { type MediaFormProduct, mediaFormProduct } from "./helpers/media-form";
import { fakePng, mp4Head, multipartBody } from "./pipeline/multipart";

const MB = 1024 * 1024;
/** The form's limit per file: above S3's 5 Mo part, so a file at the limit goes up in several parts. */
const LIMIT_MB = 8;

let s3: Awaited<ReturnType<typeof startS3Server>>;
let s3Client: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  s3Client = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
});
afterAll(async () => {
  s3Client?.destroy();
  await s3?.close();
});

/** An MP4 of `size` bytes: its media data random bytes. */
const video = (size: number) => Buffer.concat([mp4Head(size), randomBytes(size - 32)]);
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** What the storage holds under `prefix` (relative paths). */
async function storedUnder(storage: FileStorage, prefix: string): Promise<string[]> {
  if (storage.root) {
    const entries = await readdir(join(storage.root, prefix)).catch(() => []);
    return entries.map((name) => `${prefix}/${name}`).sort();
  }
  const page = await s3Client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: `${prefix}/` }));
  return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
}

async function readStored(storage: FileStorage, path: string): Promise<Buffer> {
  if (storage.root) return readFile(join(storage.root, path));
  const answer = await fetch(storage.url(path) ?? "");
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

const STORAGES = ["local disk", "S3 (s3rver)"] as const;

describe.each(STORAGES.flatMap((storage) => TEST_DATABASES.map((kind) => [storage, kind] as const)))(
  "review uploads streamed to %s (%s)",
  (storageKind, kind) => {
    let t: TestApp;
    let setup: MediaFormProduct;
    const folder = () => `reviews/${setup.company.id}`;

    beforeAll(async () => {
      t = await createTestApp({ kind, config: storageKind === "local disk" ? {} : s3.config });
      setup = await mediaFormProduct(t, {
        id: "media",
        allow_videos: true,
        max_size_mb: LIMIT_MB,
        max_count: 2,
      });
    });
    afterAll(async () => t?.close());
    const reviewPath = () => setup.reviewPath();
    const submission = (files: { filename: string; data: Buffer }[]) =>
      multipartBody(
        { answers: JSON.stringify({ note: 4 }) },
        files.map((file) => ({ name: "file:media", contentType: "video/mp4", ...file })),
      );
    const submit = async (files: { filename: string; data: Buffer }[]) =>
      t.inject({ method: "POST", url: await reviewPath(), ...submission(files) });

    it("a video exactly at the limit is stored intact", async () => {
      const data = video(LIMIT_MB * MB);
      const response = await submit([{ filename: "v.mp4", data }]);
      expect(response.statusCode, response.body).toBe(201);
      const [file] = await t.ctx.db
        .select()
        .from(reviewFiles)
        .where(eq(reviewFiles.reviewId, response.json().id));
      expect(file?.sizeBytes).toBe(LIMIT_MB * MB);
      expect(file?.mimeType).toBe("video/mp4");
      expect(await storedUnder(t.ctx.storage, folder())).toContain(file?.path);
      expect(sha256(await readStored(t.ctx.storage, file?.path ?? ""))).toBe(sha256(data));
    });

    it("one byte over: the French 400, no review, and nothing left (not even the photo before it)", async () => {
      const before = await storedUnder(t.ctx.storage, folder());
      const response = await submit([
        { filename: "p.png", data: fakePng(2048) },
        { filename: "v.mp4", data: video(LIMIT_MB * MB + 1) },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ media: [`Chaque fichier doit faire au plus ${LIMIT_MB} Mo.`] });
      expect(await storedUnder(t.ctx.storage, folder())).toEqual(before);
      expect(
        await t.ctx.db.select().from(reviews).where(eq(reviews.productId, setup.productId)),
      ).toHaveLength(1);
    });

    it("a file the form refuses is read, never stored", async () => {
      const before = await storedUnder(t.ctx.storage, folder());
      const response = await submit([{ filename: "x.bin", data: randomBytes(4096) }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ media: ["Ce type de fichier n'est pas autorisé."] });
      expect(await storedUnder(t.ctx.storage, folder())).toEqual(before);
    });

    it.runIf(storageKind === "local disk")("a video is on disk while it is still being sent", async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as AddressInfo;
      const before = await storedUnder(t.ctx.storage, folder());
      const body = submission([{ filename: "v.mp4", data: video(LIMIT_MB * MB) }]);
      const request = httpRequest(`http://127.0.0.1:${port}${await reviewPath()}`, {
        method: "POST",
        headers: { ...body.headers, "content-length": String(body.payload.length) },
      });
      const status = new Promise<number>((resolve, reject) => {
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
      });
      const half = Math.floor(body.payload.length / 2);
      request.write(body.payload.subarray(0, half));
      const growing = async () => {
        const [path] = (await storedUnder(t.ctx.storage, folder())).filter((p) => !before.includes(p));
        return path !== undefined && (await stat(join(t.ctx.storage.root ?? "", path))).size >= 2 * MB;
      };
      await waitUntil(growing, 20_000, () => "no part of the video on disk before the request ended");
      request.end(body.payload.subarray(half));
      expect(await status).toBe(201);
    });

    it("a product image: over 5 Mo or with a refused form, nothing stays; kept, it is re-encoded", async () => {
      const before = await storedUnder(t.ctx.storage, "products");
      const create = (fields: Record<string, string>, size: number) => {
        const body = multipartBody(fields, [
          { name: "image", filename: "i.png", contentType: "image/png", data: fakePng(size) },
        ]);
        return t.inject({
          method: "POST",
          url: "/api/v1/company/products/",
          ...body,
          headers: { ...authHeaders(setup.company.owner.access), ...body.headers },
        });
      };
      const tooBig = await create({ name: "Trop grande", status: "active" }, 5 * MB + 1);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json()).toEqual({ image: ["Le fichier dépasse la taille maximale de 5 Mo."] });
      const noName = await create({ status: "active" }, 5 * MB);
      expect(noName.statusCode).toBe(400);
      expect(noName.json()).toEqual({ name: ["Ce champ est obligatoire."] });
      expect(await storedUnder(t.ctx.storage, "products")).toEqual(before);

      const kept = await create({ name: "Juste assez", status: "active" }, 5 * MB);
      expect(kept.statusCode, kept.body).toBe(201);
      const stored = (await storedUnder(t.ctx.storage, "products")).filter((path) => !before.includes(path));
      expect(stored).toHaveLength(1);
      // Its 5 Mo were an ancillary chunk around one pixel: what is kept is the pixel alone.
      const image = await readStored(t.ctx.storage, stored[0] ?? "");
      expect(image.length).toBeLessThan(1024);
      expect(await sharp(image).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    });

    it("deleting the company removes its review uploads", async () => {
      expect(await storedUnder(t.ctx.storage, folder())).not.toEqual([]);
      const removed = await t.inject({
        method: "DELETE",
        url: "/api/v1/company/",
        headers: authHeaders(setup.company.owner.access),
        payload: { password: setup.company.owner.password },
      });
      expect(removed.statusCode).toBe(204);
      expect(await storedUnder(t.ctx.storage, folder())).toEqual([]);
    });

    it("a photo is stored without its EXIF (GPS); the purge, the 5-year expiry remove the files; a reviewed product is not deleted", async () => {
      const shop = await mediaFormProduct(t, { id: "media", allow_videos: true, max_count: 2 });
      const shopFolder = `reviews/${shop.company.id}`;
      const photo = await jpegWithGps();
      expect(gpsIfdIn((await sharp(photo).metadata()).exif)).toBe(true);
      const submitTo = async (target: MediaFormProduct) => {
        const body = multipartBody({ answers: JSON.stringify({ note: 4 }) }, [
          { name: "file:media", filename: "photo.jpg", contentType: "image/jpeg", data: photo },
          { name: "file:media", filename: "v.mp4", contentType: "video/mp4", data: video(4096) },
        ]);
        const response = await t.inject({ method: "POST", url: await target.reviewPath(), ...body });
        expect(response.statusCode, response.body).toBe(201);
        const id = response.json().id as string;
        const files = await t.ctx.db.select().from(reviewFiles).where(eq(reviewFiles.reviewId, id));
        expect(files).toHaveLength(2);
        return { id, paths: files.map((file) => file.path) };
      };
      const moderate = async (id: string, payload: Record<string, unknown>) => {
        const response = await t.inject({
          method: "PATCH",
          url: `/api/v1/company/reviews/${id}/`,
          headers: authHeaders(shop.company.owner.access),
          payload,
        });
        expect(response.statusCode, response.body).toBe(200);
      };

      const rejected = await submitTo(shop);
      const published = await submitTo(shop);
      const storedPhoto = await t.ctx.db
        .select()
        .from(reviewFiles)
        .where(eq(reviewFiles.reviewId, rejected.id));
      const jpeg = await readStored(
        t.ctx.storage,
        storedPhoto.find((f) => f.mimeType === "image/jpeg")?.path ?? "",
      );
      const meta = await sharp(jpeg).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.exif).toBeUndefined();
      await moderate(rejected.id, { status: "rejected", rejection_reason: "off_topic" });
      await moderate(published.id, { status: "approved" });
      const all = [...rejected.paths, ...published.paths].sort();
      expect(await storedUnder(t.ctx.storage, shopFolder)).toEqual(all);

      const later = (days: number) => new Date(Date.now() + days * 86_400_000);
      expect((await runCertificationJobs(t.ctx.db, later(366), t.ctx.storage)).purged).toBe(1);
      expect(await storedUnder(t.ctx.storage, shopFolder)).toEqual([...published.paths].sort());
      expect((await runCertificationJobs(t.ctx.db, later(5 * 366), t.ctx.storage)).expired).toBe(1);
      expect(await storedUnder(t.ctx.storage, shopFolder)).toEqual([]);

      const other = await mediaFormProduct(t, { id: "media", allow_videos: true, max_count: 2 });
      const pending = await submitTo(other);
      expect(await storedUnder(t.ctx.storage, `reviews/${other.company.id}`)).toEqual(
        [...pending.paths].sort(),
      );
      const deleted = await t.inject({
        method: "DELETE",
        url: `/api/v1/company/products/${other.productId}/`,
        headers: authHeaders(other.company.owner.access),
      });
      expect(deleted.statusCode).toBe(409);
      expect(await storedUnder(t.ctx.storage, `reviews/${other.company.id}`)).toEqual(
        [...pending.paths].sort(),
      );
    });
  },
);

/** A JPEG carrying a GPS position in its EXIF, as a phone writes it. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Téléphone", Model: "Appareil" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 24/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 3/1",
      },
    })
    .toBuffer();
}

/** Whether an EXIF block points to a GPS directory (tag 0x8825, either byte order). */
function gpsIfdIn(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

describe("the storages write a stream as it arrives, and a failed one leaves nothing", () => {
  const root = mkdtempSync(join(tmpdir(), "certavis-stream-"));
  afterAll(async () => rm(root, { recursive: true, force: true }));

  /** Sends 6 Mo, waits until `arrived` says the storage has them before the stream ends, then ends it. */
  async function writesBeforeTheEnd(
    storage: FileStorage,
    folder: string,
    arrived: () => Promise<boolean>,
  ): Promise<string> {
    const stream = new PassThrough();
    const saved = storage.save(folder, "mp4", stream);
    stream.write(video(6 * MB));
    await waitUntil(arrived, 20_000, () => `nothing of ${folder} reached the storage before the end`);
    stream.end(randomBytes(MB));
    return saved;
  }

  it("a server in memory mode takes its uploads folder away when it closes", async () => {
    const app = await createTestApp();
    const root = app.ctx.storage.root as string;
    const path = await app.ctx.storage.save("reviews", "jpg", Buffer.from("photo"));
    expect((await stat(join(root, path))).size).toBe(5);
    await app.close();
    await expect(stat(root)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("local disk: the file grows while the upload goes on", async () => {
    const storage = createFileStorage(root, "http://localhost");
    const path = await writesBeforeTheEnd(storage, "growing", async () => {
      const [name] = await readdir(join(root, "growing")).catch(() => []);
      return name !== undefined && (await stat(join(root, "growing", name))).size >= 6 * MB;
    });
    expect((await stat(join(root, path))).size).toBe(7 * MB);

    const cut = new PassThrough();
    const failed = storage.save("cut", "mp4", cut);
    cut.write(video(2 * MB));
    cut.destroy(new Error("client gone"));
    await expect(failed).rejects.toThrow("client gone");
    expect(await storedUnder(storage, "cut")).toEqual([]);
  });

  it("S3: the first part is sent while the upload goes on; a cut upload is aborted", async () => {
    const sent: string[] = [];
    const client = new S3Client({
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const send = client.send.bind(client) as (command: object) => Promise<unknown>;
    client.send = ((command: object) => {
      sent.push(command.constructor.name);
      return send(command);
    }) as typeof client.send;
    const storage = createS3Storage(
      {
        bucket: S3_BUCKET,
        endpoint: s3.endpoint,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        publicUrl: `${s3.endpoint}/${S3_BUCKET}`,
      },
      client,
    );
    const path = await writesBeforeTheEnd(storage, "growing", async () => sent.includes("UploadPartCommand"));
    expect((await readStored(storage, path)).length).toBe(7 * MB);
    expect(sent).toContain("CompleteMultipartUploadCommand");

    sent.length = 0;
    const cut = new PassThrough();
    const failed = storage.save("cut", "mp4", cut);
    cut.write(video(6 * MB));
    await waitUntil(
      async () => sent.includes("UploadPartCommand"),
      20_000,
      () => "the cut upload sent no part",
    );
    cut.destroy(new Error("client gone"));
    await expect(failed).rejects.toThrow("client gone");
    expect(sent).toContain("AbortMultipartUploadCommand");
    expect(await storedUnder(storage, "cut")).toEqual([]);
    client.destroy();
  });
});
