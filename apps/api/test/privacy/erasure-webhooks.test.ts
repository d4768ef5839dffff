/**
 * Erasure and the 5-year expiry reach webhook subscribers (issue 44 point 7, ARCHITECTURE §10.17):
 * `review.erased` and `order.erased` go to every endpoint that was told of the review or the order,
 * the stored bodies of the erased subjects keep only their ids (a retry sends no more), and an expired
 * review is told as `review.withdrawn` with its status `expired`. A real receiver on 127.0.0.1.
 */
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews, webhookMessages } from "../../src/db/schema";
import { expireOldReviews } from "../../src/modules/certification/jobs";
import { manualClock } from "../../src/modules/pipeline";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  type ReceivedHook,
  registerVerifiedUser,
  startWebhookReceiver,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const DAY = 86_400_000;
const COMMENT = "Superbe lampe, signé Léa Bernard";

interface Told {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

describe.each(TEST_DATABASES)("erasure and expiry told to webhook subscribers on %s", (kind) => {
  const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let productId: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now(), config: { outboundAllowPrivate: true } });
    // The test drives the queue itself (drain) on its clock.
    await t.app.webhooks.stop();
    receiver = await startWebhookReceiver();
    const owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: "Maison Lumière", planType: "CROISSANCE" });
    auth = authHeaders(owner.access);
    productId = (await createProduct(t, auth, "Lampe Aurore")).id;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const endpoint = async (path: string, events: string[]) => {
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/company/webhooks/",
      headers: auth,
      payload: { url: receiver.url(path), events },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = expectMatchesContract<{ id: string; secret: string }>(res, "companyWebhooksCreate");
    return { ...created, verifier: new Webhook(created.secret) };
  };
  const told = (hits: ReceivedHook[], verifier: Webhook) =>
    hits.map((hit) => verifier.verify(hit.body, hit.headers as Record<string, string>) as Told);
  const storedPayloads = async () =>
    JSON.stringify(
      await t.ctx.db
        .select({ payload: webhookMessages.payload })
        .from(webhookMessages)
        .where(eq(webhookMessages.companyId, company.id)),
    );

  it("tells review.erased and order.erased to the endpoints that had them; the stored bodies keep only ids", async () => {
    const erp = await endpoint("/erp", ["review.published", "order.created"]);
    const site = await endpoint("/site", ["review.published"]);
    const orders = await endpoint("/orders", ["order.created"]);
    const order = await orderWithReview(t, company.id, productId, clock.now(), {
      status: "pending",
      rating: 5,
      at: clock.now(),
      comment: COMMENT,
    });
    const [review] = await t.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.orderId, order.id));
    const reviewId = review?.id ?? "";
    const approved = await t.inject({
      method: "PATCH",
      url: `/api/v1/company/reviews/${reviewId}/`,
      headers: auth,
      payload: { status: "approved" },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // The site is down: its review.published waits for a retry.
    receiver.answer("/site", 500);
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 3, retry: 1, failed: 0 });
    const before = await storedPayloads();
    for (const personal of [order.buyerEmail, "Bernard", COMMENT]) expect(before).toContain(personal);

    receiver.received.length = 0;
    const erased = await t.inject({
      method: "POST",
      url: "/api/v1/company/privacy/erasures/",
      headers: auth,
      payload: { email: order.buyerEmail },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ orders: 1, reviews: 1 });

    // Stored bodies, sent or still to send, keep nothing of the buyer.
    const after = await storedPayloads();
    for (const personal of [order.buyerEmail, "Bernard", "Léa", COMMENT, "Superbe"])
      expect(after).not.toContain(personal);

    clock.set(new Date(clock.now().getTime() + 5_000));
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 5, retry: 0, failed: 0 });
    const byPath = (path: string) => receiver.received.filter((hit) => hit.path === path);
    const erasedReview = {
      type: "review.erased",
      timestamp: clock.now().toISOString(),
      data: { id: reviewId },
    };
    const erasedOrder = { type: "order.erased", timestamp: expect.any(String), data: { id: order.id } };
    expect(told(byPath("/erp"), erp.verifier)).toEqual(
      expect.arrayContaining([{ ...erasedReview, timestamp: expect.any(String) }, erasedOrder]),
    );
    expect(byPath("/erp")).toHaveLength(2);
    expect(told(byPath("/orders"), orders.verifier)).toEqual([erasedOrder]);
    // The site gets the erasure, and its retry of review.published carries only the review's id.
    const site_ = told(byPath("/site"), site.verifier);
    expect(site_).toHaveLength(2);
    expect(site_).toEqual(
      expect.arrayContaining([
        { ...erasedReview, timestamp: expect.any(String) },
        { type: "review.published", timestamp: expect.any(String), data: { id: reviewId } },
      ]),
    );
    for (const hit of receiver.received) {
      expect(hit.body).not.toContain("Bernard");
      expect(hit.body).not.toContain(order.buyerEmail);
    }

    const deliveries = await t.inject({
      method: "GET",
      url: `/api/v1/company/webhooks/${erp.id}/deliveries/`,
      headers: auth,
    });
    expect(deliveries.statusCode).toBe(200);
    const listed = expectMatchesContract<{ results: { event_type: string; status: string }[] }>(
      deliveries,
      "companyWebhookDeliveriesList",
    );
    expect(listed.results.map((d) => d.event_type).sort()).toEqual([
      "order.created",
      "order.erased",
      "review.erased",
      "review.published",
    ]);
  });

  it("tells the 5-year expiry as review.withdrawn (status expired)", async () => {
    const hook = await endpoint("/withdrawals", ["review.withdrawn"]);
    const order = await orderWithReview(t, company.id, productId, clock.now(), {
      status: "approved",
      rating: 4,
      at: clock.now(),
    });
    const [review] = await t.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.orderId, order.id));
    clock.set(new Date(clock.now().getTime() + (5 * 366 + 1) * DAY));
    expect(await expireOldReviews(t.ctx.db, clock.now())).toBe(1);
    receiver.received.length = 0;
    await t.app.webhooks.drain();
    const hits = receiver.received.filter((hit) => hit.path === "/withdrawals");
    expect(told(hits, hook.verifier)).toEqual([
      {
        type: "review.withdrawn",
        timestamp: clock.now().toISOString(),
        data: expect.objectContaining({ id: review?.id, status: "expired" }),
      },
    ]);
  });
});
