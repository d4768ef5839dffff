import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, reviews } from "../../src/db/schema";
import { runCertificationJobs } from "../../src/modules/certification/jobs";
import { manualClock } from "../../src/modules/pipeline";
import { openShop, type Shop, signInAgain, submitReview } from "../certification/fixtures";
import { createTestApp, type TestApp } from "../helpers";

/**
 * The warning 3 days before a pending review publishes itself asks the shop for a decision. A shop
 * moderated by Certavis cannot take one (its flagged reviews wait for an operator): it is not sent
 * to it, nor sent once the shop has handed its moderation to Certavis meanwhile.
 */
describe("the 3-day publication warning in Certavis mode", () => {
  const clock = manualClock(new Date("2026-11-01T10:00:00Z"));
  let t: TestApp;

  const warningsOf = (shop: Shop) =>
    t.ctx.db
      .select({ status: emailDeliveries.status })
      .from(emailDeliveries)
      .where(
        and(eq(emailDeliveries.companyId, shop.company.id), eq(emailDeliveries.kind, "publication_warning")),
      );
  const toCertavis = async (shop: Shop) => {
    await signInAgain(t, shop);
    const res = await t.inject({
      method: "PUT",
      url: "/api/v1/company/moderation/",
      headers: shop.auth,
      payload: { mode: "certavis" },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is not sent to a shop moderated by Certavis, whose flagged review waits for an operator", async () => {
    const certavis = await openShop(t, "Savon Iris");
    await toCertavis(certavis);
    const { reviewId } = await submitReview(t, certavis, clock, {
      rating: 2,
      comment: "Appelez-moi au 06 12 34 56 78",
    });
    const shopMode = await openShop(t, "Savon Rose");
    await submitReview(t, shopMode, clock, { rating: 2, comment: "Bof." });
    clock.advanceDays(27.1);
    await runCertificationJobs(t.ctx.db, clock.now());

    expect(await warningsOf(certavis)).toEqual([]);
    // Marked as warned all the same: the job does not pick it up again every run.
    const [review] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review?.status).toBe("pending");
    expect(review?.publicationWarnedAt).not.toBeNull();
    // The shop that moderates itself is warned as before.
    expect(await warningsOf(shopMode)).toHaveLength(1);
  });

  it("is cancelled when the shop handed its moderation to Certavis before it went out", async () => {
    const shop = await openShop(t, "Savon Lys");
    await submitReview(t, shop, clock, { rating: 1, comment: "Reçu cassé." });
    clock.advanceDays(27.1);
    await runCertificationJobs(t.ctx.db, clock.now());
    expect(await warningsOf(shop)).toEqual([{ status: "scheduled" }]);
    await toCertavis(shop);

    clock.advanceDays(0.01);
    t.app.pipeline.notify();
    await expect.poll(async () => (await warningsOf(shop))[0]?.status, { timeout: 20_000 }).toBe("cancelled");
  });
});
