import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../../src/lib/s3-storage";
import { authHeaders, createCompanyFor, createTestApp, registerVerifiedUser, type TestApp } from "../helpers";
import { api } from "../identity/support";
import { multipartBody } from "../pipeline/multipart";
import { S3_BUCKET, startS3Server } from "./s3-server";

describe("uploads in an S3-compatible bucket (S3_* variables)", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => s3?.close());

  it("saves, serves through S3_PUBLIC_URL, removes one file and a whole folder", async () => {
    const storage = createS3Storage({
      bucket: S3_BUCKET,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      publicUrl: `${s3.endpoint}/${S3_BUCKET}/`,
    });
    const data = Buffer.from("une photo");
    const kept = await storage.save("reviews/c1", "jpg", data);
    const other = await storage.save("reviews/c1", "mp4", data);
    const elsewhere = await storage.save("reviews/c2", "jpg", data);
    expect(kept).toMatch(/^reviews\/c1\/[\w-]{22}\.jpg$/);
    const url = storage.url(kept) ?? "";
    expect(url).toBe(`${s3.endpoint}/${S3_BUCKET}/${kept}`);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe("une photo");
    await storage.remove(kept);
    expect((await fetch(url)).status).toBe(404);
    await storage.removeFolder("reviews/c1");
    expect((await fetch(storage.url(other) ?? "")).status).toBe(404);
    expect((await fetch(storage.url(elsewhere) ?? "")).status).toBe(200);
  });

  describe("through the API", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: s3.config });
    });
    afterAll(async () => t?.close());

    it("a logo uploaded is read from the bucket, and deleting the company removes it", async () => {
      const company = await createCompanyFor(t, await registerVerifiedUser(t));
      const png = await sharp({
        create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 30, b: 30 } },
      })
        .png()
        .toBuffer();
      const form = multipartBody({}, [
        { name: "logo", filename: "l.png", contentType: "image/png", data: png },
      ]);
      const uploaded = await t.inject({
        method: "PATCH",
        url: api("/company/"),
        headers: { ...authHeaders(company.owner.access), ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.statusCode).toBe(200);
      const logo = uploaded.json().logo as string;
      expect(logo.startsWith(`${s3.endpoint}/${S3_BUCKET}/logos/`)).toBe(true);
      const served = await fetch(logo);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");

      const removed = await t.inject({
        method: "DELETE",
        url: api("/company/"),
        headers: authHeaders(company.owner.access),
        payload: { password: company.owner.password },
      });
      expect(removed.statusCode).toBe(204);
      expect((await fetch(logo)).status).toBe(404);
    });
  });
});
