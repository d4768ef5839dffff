/**
 * The files of an erased or expired review leave the storage through a tombstone (issue 44 point 11,
 * ARCHITECTURE §10.17): written with the change that forgets them, kept while the storage (a real
 * S3-compatible server, stopped for the outage) fails, removed once it confirms the deletion.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileTombstones, reviewFiles, reviews } from "../../src/db/schema";
import { removeBuriedFiles } from "../../src/lib/file-tombstones";
import { expireOldReviews } from "../../src/modules/certification/jobs";
import { manualClock } from "../../src/modules/pipeline";
import { startS3Server } from "../cluster/s3-server";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  orderWithReview,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const DAY = 86_400_000;

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.close());

describe.each(TEST_DATABASES)("stored files of erased and expired reviews on %s", (kind) => {
  const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now(), config: s3.config });
    const owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: "Maison Lumière", planType: "CROISSANCE" });
    auth = authHeaders(owner.access);
    productId = (await createProduct(t, auth, "Lampe Aurore")).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A review published `publishedDaysAgo` days ago, with a photo and a video in the bucket. */
  const reviewWithFiles = async (publishedDaysAgo: number) => {
    const publishedAt = new Date(clock.now().getTime() - publishedDaysAgo * DAY);
    // Published when written (no moderation date): `published_at` is its creation.
    const order = await orderWithReview(t, company.id, productId, publishedAt, {
      status: "approved",
      rating: 5,
      at: publishedAt,
    });
    const [review] = await t.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.orderId, order.id));
    const id = review?.id ?? "";
    const paths = [
      await t.ctx.storage.save(`reviews/${company.id}`, "jpg", Buffer.from("photo")),
      await t.ctx.storage.save(`reviews/${company.id}`, "mp4", Buffer.from("vidéo")),
    ];
    await t.ctx.db.insert(reviewFiles).values(
      paths.map((path, i) => ({
        companyId: company.id,
        reviewId: id,
        fieldId: "photos",
        path,
        mimeType: i === 0 ? "image/jpeg" : "video/mp4",
        sizeBytes: 5,
      })),
    );
    return { id, email: order.buyerEmail, paths, urls: paths.map((path) => t.ctx.storage.url(path) ?? "") };
  };
  const statuses = (urls: string[]) => Promise.all(urls.map(async (url) => (await fetch(url)).status));
  const tombstones = () => t.ctx.db.select().from(fileTombstones).orderBy(fileTombstones.path);

  it("keeps the tombstones of an erasure while the storage is down, deletes the files once it is back", async () => {
    const lea = await reviewWithFiles(10);
    expect(await statuses(lea.urls)).toEqual([200, 200]);

    await s3.stop();
    const erased = await t.inject({
      method: "POST",
      url: "/api/v1/company/privacy/erasures/",
      headers: auth,
      payload: { email: lea.email },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ reviews: 1, files: 2 });
    // The storage refused: both files are still owed, each with its error and its next attempt.
    let owed = await tombstones();
    expect(owed.map((row) => row.path).sort()).toEqual([...lea.paths].sort());
    for (const row of owed) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
    }

    // A retry while it is still down keeps them (not yet due: nothing tried; due: tried, kept).
    expect(await removeBuriedFiles(t.ctx.db, t.ctx.storage, clock.now())).toEqual({ removed: 0, failed: 0 });
    clock.set(new Date(clock.now().getTime() + 60_000));
    expect(await removeBuriedFiles(t.ctx.db, t.ctx.storage, clock.now())).toEqual({ removed: 0, failed: 2 });
    owed = await tombstones();
    expect(owed.map((row) => row.attempts)).toEqual([2, 2]);

    await s3.restart();
    expect(await statuses(lea.urls)).toEqual([200, 200]);
    clock.set(new Date(clock.now().getTime() + 10 * 60_000));
    expect(await removeBuriedFiles(t.ctx.db, t.ctx.storage, clock.now())).toEqual({ removed: 2, failed: 0 });
    expect(await statuses(lea.urls)).toEqual([404, 404]);
    expect(await tombstones()).toEqual([]);
  });

  it("the 5-year expiry leaves its files to tombstones too; with the storage up they go at once", async () => {
    const old = await reviewWithFiles(5 * 366);
    await s3.stop();
    expect(await expireOldReviews(t.ctx.db, clock.now(), t.ctx.storage)).toBe(1);
    expect((await tombstones()).map((row) => row.path).sort()).toEqual([...old.paths].sort());
    await s3.restart();
    clock.set(new Date(clock.now().getTime() + 10 * 60_000));
    expect(await removeBuriedFiles(t.ctx.db, t.ctx.storage, clock.now())).toEqual({ removed: 2, failed: 0 });
    expect(await statuses(old.urls)).toEqual([404, 404]);

    const fresh = await reviewWithFiles(5 * 366);
    expect(await expireOldReviews(t.ctx.db, clock.now(), t.ctx.storage)).toBe(1);
    expect(await statuses(fresh.urls)).toEqual([404, 404]);
    expect(await tombstones()).toEqual([]);
  });
});
