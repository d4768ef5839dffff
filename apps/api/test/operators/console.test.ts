import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewContests, reviewEvents, reviewReports, reviews } from "../../src/db/schema";
import type { SchemaOf } from "../../src/http/operation-types";
import { runOperatorRequest } from "../../src/modules/operators/operator-accounts";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  registerVerifiedUser,
  type TestApp,
  type TestCompany,
} from "../helpers";
import { moderatedByCertavis, reviewOfOrder, signedInOperator } from "./support";

const DAY = 24 * 3600_000;

describe("the operators' console", () => {
  let t: TestApp;
  let company: TestCompany;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  let flaggedOld: string;
  let flaggedNew: string;
  let contested: string;
  let contestId: string;
  let reportId: string;
  let oldestAt: Date;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    const owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: "Thés du Monde" });
    await moderatedByCertavis(t, company.id, new Date(now.getTime() - 20 * DAY));
    const product = await createProduct(t, authHeaders(owner.access), "Thé vert");
    oldestAt = new Date(now.getTime() - 3 * DAY);
    const a = await orderWithReview(t, company.id, product.id, new Date(now.getTime() - 5 * DAY), {
      status: "pending",
      rating: 2,
      at: oldestAt,
      comment: "Écrivez-moi à lea@exemple.fr",
    });
    const b = await orderWithReview(t, company.id, product.id, new Date(now.getTime() - 4 * DAY), {
      status: "pending",
      rating: 4,
      at: new Date(now.getTime() - DAY),
    });
    const c = await orderWithReview(t, company.id, product.id, new Date(now.getTime() - 4 * DAY), {
      status: "approved",
      rating: 1,
      at: new Date(now.getTime() - 2 * DAY),
      comment: "Arnaque",
    });
    flaggedOld = (await reviewOfOrder(t, a.id)).id;
    flaggedNew = (await reviewOfOrder(t, b.id)).id;
    contested = (await reviewOfOrder(t, c.id)).id;
    await t.ctx.db
      .update(reviews)
      .set({ checkFlags: [{ kind: "email", match: "lea@exemple.fr" }] })
      .where(eq(reviews.id, flaggedOld));
    const [contest] = await t.ctx.db
      .insert(reviewContests)
      .values({
        companyId: company.id,
        reviewId: contested,
        reason: "fake_suspected",
        explanation: "Aucune commande de ce client chez nous.",
        createdAt: new Date(now.getTime() - 2 * 3600_000),
      })
      .returning();
    const [report] = await t.ctx.db
      .insert(reviewReports)
      .values({
        companyId: company.id,
        reviewId: contested,
        reason: "other",
        explanation: "Avis injurieux",
        ipHash: "x",
        routedTo: "operators",
        createdAt: new Date(now.getTime() - 3600_000),
      })
      .returning();
    contestId = contest?.id ?? "";
    reportId = report?.id ?? "";
    operator = await signedInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, access = operator.access) =>
    t.inject({ method: "GET", url: `/api/v1${url}`, headers: authHeaders(access) });
  const decide = (id: string, payload: object) =>
    t.inject({
      method: "POST",
      url: `/api/v1/operator/reviews/${id}/decision/`,
      headers: authHeaders(operator.access),
      payload,
    });

  it("is reserved to operators who gave their second factor", async () => {
    expect((await t.inject({ method: "GET", url: "/api/v1/operator/queues/" })).statusCode).toBe(401);
    const denied = await get("/operator/queues/", company.owner.access);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: "Réservé aux opérateurs Certavis." });
    // An operator whose second factor is not enrolled yet holds no token of the console either.
    const pending = await registerVerifiedUser(t);
    await runOperatorRequest(t.ctx.db, { command: "add", email: pending.email }, now);
    expect((await get("/operator/queues/", pending.access)).statusCode).toBe(403);
  });

  it("counts each queue and gives the oldest item's age", async () => {
    const res = await get("/operator/queues/");
    expect(res.statusCode).toBe(200);
    expect(expectMatchesContract(res, "operatorQueuesGet")).toEqual({
      queues: [
        { queue: "flagged", count: 2, oldest_at: oldestAt.toISOString(), oldest_age_seconds: 3 * 24 * 3600 },
        {
          queue: "contests",
          count: 1,
          oldest_at: new Date(now.getTime() - 2 * 3600_000).toISOString(),
          oldest_age_seconds: 7200,
        },
        {
          queue: "reports",
          count: 1,
          oldest_at: new Date(now.getTime() - 3600_000).toISOString(),
          oldest_age_seconds: 3600,
        },
        { queue: "appeals", count: 0, oldest_at: null, oldest_age_seconds: null },
      ],
    });
  });

  it("lists a queue oldest first", async () => {
    const res = await get("/operator/queues/flagged/");
    const page = expectMatchesContract(res, "operatorQueueList") as {
      count: number;
      results: Array<Record<string, unknown>>;
    };
    expect(page.count).toBe(2);
    expect(page.results.map((item) => [item.id, item.reason, item.excerpt, item.company_name])).toEqual([
      [flaggedOld, "email", "Écrivez-moi à lea@exemple.fr", "Thés du Monde"],
      [flaggedNew, null, expect.stringMatching(/^Avis \d+$/), "Thés du Monde"],
    ]);
    const contests = (await get("/operator/queues/contests/")).json();
    expect(contests.results).toEqual([
      expect.objectContaining({ id: contestId, review_id: contested, reason: "fake_suspected" }),
    ]);
    expect((await get("/operator/queues/nope/")).statusCode).toBe(400);
  });

  it("shows a case: the review, the order's facts, the checks, the contest and the report", async () => {
    const res = await get(`/operator/reviews/${contested}/`);
    expect(res.statusCode).toBe(200);
    const body = expectMatchesContract(res, "operatorCaseGet") as SchemaOf<"OperatorCase">;
    expect(body.review).toMatchObject({ id: contested, rating: 1, comment: "Arnaque", status: "approved" });
    expect(body.company).toMatchObject({
      id: company.id,
      name: "Thés du Monde",
      moderation: { mode: "certavis" },
    });
    expect(body.order).toMatchObject({ products: ["Thé vert"], came_in: "api_or_import", platform: null });
    expect(body.order?.date).toBe(new Date(now.getTime() - 4 * DAY).toISOString());
    expect(body.contests).toEqual([
      expect.objectContaining({ id: contestId, status: "open", reason: "fake_suspected" }),
    ]);
    expect(body.reports).toEqual([
      expect.objectContaining({ id: reportId, status: "open", routed_to: "operators" }),
    ]);
    expect((await get(`/operator/reviews/${flaggedOld}/`)).json().check_flags).toEqual([
      { kind: "email", match: "lea@exemple.fr" },
    ]);
    expect((await get("/operator/reviews/00000000-0000-4000-8000-000000000000/")).statusCode).toBe(404);
  });

  it("publishes, refuses a removal without a reason, removes a published review with the operator in the trail", async () => {
    const published = await decide(flaggedOld, { action: "publish", note: "Adresse sans risque" });
    expect(published.statusCode, published.body).toBe(201);
    expect(expectMatchesContract(published, "operatorReviewDecide")).toMatchObject({
      decision: "published",
      decided_by: "operator",
      automated: true,
    });
    expect((await decide(flaggedOld, { action: "publish" })).statusCode).toBe(409);

    const noReason = await decide(contested, {
      action: "remove",
      source: { kind: "contest", id: contestId },
    });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json())).toEqual(["reason"]);

    const removed = await decide(contested, {
      action: "remove",
      reason: "fake_suspected",
      note: "Commande introuvable",
      source: { kind: "contest", id: contestId },
    });
    expect(removed.statusCode, removed.body).toBe(201);
    expect(removed.json()).toMatchObject({
      decision: "removed",
      reason: "fake_suspected",
      note: "Commande introuvable",
    });
    const trail = await t.ctx.db.select().from(reviewEvents).where(eq(reviewEvents.reviewId, contested));
    expect(trail.filter((e) => e.kind === "removed").map((e) => [e.actor, e.actorUserId])).toEqual([
      ["operator", operator.id],
    ]);

    const queues = (await get("/operator/queues/")).json().queues.map((q: { count: number }) => q.count);
    expect(queues).toEqual([1, 0, 0, 0]);
  });
});
