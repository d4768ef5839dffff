import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  moderationAppeals,
  moderationDecisions,
  reviewContests,
  reviewReports,
} from "../../src/db/schema";
import { type Actor, recordReviewEvents } from "../../src/modules/review-trail/review-events";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  registerVerifiedUser,
  type TestApp,
  type TestUser,
} from "../helpers";
import { moderatedByCertavis, reviewOfOrder } from "../operators/support";

const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;

/**
 * Figures computed by hand from a known history. Company A, November 2026: r1, r2, r3 received;
 * r1 approved after 12 h (a member), r2 published automatically after 24 h, r3 rejected (abusive)
 * after 6 h, r4 (of October) removed by an operator (fake_suspected), r5 (of October) withdrawn by its
 * author; a report on r4 (removed) and one on r1 (open); a contest on r4 (removed). October: r4 and r5
 * received and approved after 2 h and 4 h. Company B, November: one review published by the service
 * after 1 h. Appeals: of r3's rejection (4 Nov.) upheld; of r4's removal (6 Nov.) overturned on
 * 10 Nov. (r4 published again: a publication and a decision of November); of a removal of r5 (22 Oct.)
 * still open.
 */
describe("transparency figures", () => {
  let t: TestApp;
  let slugA = "";
  const now = at("2026-11-15T12:00:00Z");

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    const ownerA = await registerVerifiedUser(t);
    const ownerB = await registerVerifiedUser(t);
    const a = await createCompanyFor(t, ownerA, { name: "Boutique Alpha" });
    const b = await createCompanyFor(t, ownerB, { name: "Boutique Bêta" });
    await moderatedByCertavis(t, b.id, at("2026-09-01T00:00:00Z"));
    const [row] = await t.ctx.db
      .select({ slug: companies.slug })
      .from(companies)
      .where(eq(companies.id, a.id));
    slugA = row?.slug ?? "";
    const productA = await createProduct(t, authHeaders(ownerA.access), "Thé");
    const productB = await createProduct(t, authHeaders(ownerB.access), "Café");

    const review = async (companyId: string, productId: string, created: string, status = "approved") => {
      const order = await orderWithReview(t, companyId, productId, at("2026-09-15T00:00:00Z"), {
        status,
        rating: 4,
        at: at(created),
      });
      return (await reviewOfOrder(t, order.id)).id;
    };
    const member: Actor = { kind: "user", user: userOf(ownerA) };
    const operator: Actor = { kind: "operator", user: userOf(ownerB) };
    const event = (
      companyId: string,
      reviewId: string,
      kind: "approved" | "auto_published" | "rejected" | "removed" | "withdrawn" | "appeal_overturned",
      actor: Actor,
      when: Date,
      reason: string | null = null,
    ) => recordReviewEvents(t.ctx.db, [{ companyId, reviewId, kind, actor, at: when, reason }]);

    const r1 = await review(a.id, productA.id, "2026-11-01T10:00:00Z");
    const r2 = await review(a.id, productA.id, "2026-11-02T00:00:00Z");
    const r3 = await review(a.id, productA.id, "2026-11-03T00:00:00Z", "rejected");
    const r4 = await review(a.id, productA.id, "2026-10-10T00:00:00Z", "rejected");
    const r5 = await review(a.id, productA.id, "2026-10-20T00:00:00Z", "withdrawn");
    const rb = await review(b.id, productB.id, "2026-11-08T00:00:00Z");
    await event(a.id, r1, "approved", member, new Date(at("2026-11-01T10:00:00Z").getTime() + 12 * HOUR));
    await event(a.id, r2, "auto_published", { kind: "system" }, at("2026-11-03T00:00:00Z"));
    await event(a.id, r3, "rejected", member, at("2026-11-03T06:00:00Z"), "abusive");
    await event(a.id, r4, "approved", member, at("2026-10-10T02:00:00Z"));
    await event(a.id, r4, "removed", operator, at("2026-11-05T00:00:00Z"), "fake_suspected");
    await event(a.id, r5, "approved", member, at("2026-10-20T04:00:00Z"));
    await event(a.id, r5, "withdrawn", { kind: "author" }, at("2026-11-06T00:00:00Z"));
    await event(b.id, rb, "approved", { kind: "system" }, at("2026-11-08T01:00:00Z"));
    await event(a.id, r4, "appeal_overturned", operator, at("2026-11-10T00:00:00Z"));
    const decision = async (reviewId: string, kind: "rejected" | "removed", when: string) => {
      const [row] = await t.ctx.db
        .insert(moderationDecisions)
        .values({
          companyId: a.id,
          reviewId,
          decision: kind,
          reason: "abusive",
          decidedBy: "operator",
          createdAt: at(when),
        })
        .returning({ id: moderationDecisions.id });
      return row?.id as string;
    };
    await t.ctx.db.insert(moderationAppeals).values([
      {
        companyId: a.id,
        reviewId: r3,
        decisionId: await decision(r3, "rejected", "2026-11-03T06:00:00Z"),
        explanation: "Relisez-le.",
        status: "closed",
        outcome: "upheld",
        createdAt: at("2026-11-04T00:00:00Z"),
      },
      {
        companyId: a.id,
        reviewId: r4,
        decisionId: await decision(r4, "removed", "2026-11-05T00:00:00Z"),
        explanation: "C'est vrai.",
        status: "closed",
        outcome: "overturned",
        createdAt: at("2026-11-06T00:00:00Z"),
      },
      {
        companyId: a.id,
        reviewId: r5,
        decisionId: await decision(r5, "removed", "2026-10-21T00:00:00Z"),
        explanation: "Pourquoi ?",
        createdAt: at("2026-10-22T00:00:00Z"),
      },
    ]);
    await t.ctx.db.insert(reviewReports).values([
      {
        companyId: a.id,
        reviewId: r4,
        reason: "not_real_experience",
        explanation: "Faux",
        ipHash: "h1",
        routedTo: "shop",
        status: "closed",
        outcome: "removed",
        createdAt: at("2026-11-04T00:00:00Z"),
      },
      {
        companyId: a.id,
        reviewId: r1,
        reason: "other",
        explanation: "?",
        ipHash: "h2",
        routedTo: "shop",
        createdAt: at("2026-11-07T00:00:00Z"),
      },
    ]);
    await t.ctx.db.insert(reviewContests).values({
      companyId: a.id,
      reviewId: r4,
      reason: "fake_suspected",
      explanation: "Inconnu",
      status: "closed",
      outcome: "removed",
      createdAt: at("2026-11-04T12:00:00Z"),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const zero = {
    total: 0,
    abusive: 0,
    personal_data: 0,
    off_topic: 0,
    conflict_of_interest: 0,
    fake_suspected: 0,
  };

  it("counts a company's months by hand", async () => {
    const res = await t.inject({ method: "GET", url: `/api/v1/public/companies/${slugA}/transparency/` });
    expect(res.statusCode).toBe(200);
    const body = expectMatchesContract(res, "publicCompanyTransparencyGet") as {
      scope: string;
      moderation: { mode: string };
      months: Array<Record<string, unknown>>;
    };
    expect(body.scope).toBe("company");
    expect(body.moderation.mode).toBe("shop");
    expect(body.months).toHaveLength(12);
    expect(body.months.map((m) => m.month).slice(0, 3)).toEqual(["2026-11", "2026-10", "2026-09"]);
    expect(body.months[0]).toEqual({
      month: "2026-11",
      received: 3,
      published: 3,
      rejected: { ...zero, total: 1, abusive: 1 },
      removed: { ...zero, total: 1, fake_suspected: 1 },
      withdrawn: 1,
      decisions: 5,
      automated: 1,
      automated_share: 0.2,
      median_hours_to_decision: 12,
      reports: { received: 2, kept: 0, removed: 1, open: 1 },
      contests: { received: 1, kept: 0, removed: 1, open: 0 },
      appeals: { received: 2, upheld: 1, overturned: 1, open: 0 },
    });
    expect(body.months[1]).toMatchObject({
      month: "2026-10",
      received: 2,
      published: 2,
      decisions: 2,
      automated: 0,
      automated_share: 0,
      median_hours_to_decision: 3,
      withdrawn: 0,
      appeals: { received: 1, upheld: 0, overturned: 0, open: 1 },
    });
    expect(body.months[2]).toMatchObject({
      received: 0,
      decisions: 0,
      automated_share: null,
      median_hours_to_decision: null,
    });
  });

  it("counts the whole service and says who moderates", async () => {
    const res = await t.inject({ method: "GET", url: "/api/v1/public/transparency/" });
    const body = expectMatchesContract(res, "publicTransparencyGet") as {
      service: Record<string, unknown>;
      months: Array<Record<string, unknown>>;
    };
    expect(body.service).toEqual({
      companies_moderated_by_certavis: 1,
      companies_moderated_by_shop: 1,
      operators: 0,
      operators_since: null,
    });
    expect(body.months[0]).toMatchObject({
      received: 4,
      published: 4,
      decisions: 6,
      automated: 2,
      automated_share: 0.333,
      median_hours_to_decision: 9,
    });
  });

  it("paints the pages, and 404 for an unknown shop", async () => {
    const page = await t.inject({ method: "GET", url: `/avis/${slugA}/transparence` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Transparence de la modération — Boutique Alpha");
    expect(page.body).toContain(
      "Propos injurieux, diffamatoires, discriminatoires ou contraires à la loi : 1",
    );
    expect(page.body).toContain(`/api/v1/public/companies/${slugA}/transparency/`);
    expect(page.body).toContain("Recours (décision maintenue / annulée / en cours)");
    expect(page.body).toContain("<td>2 (1 / 1 / 0)</td>");
    const service = await t.inject({ method: "GET", url: "/transparence" });
    expect(service.body).toContain(
      "Boutiques modérées par Certavis : 1. Boutiques qui modèrent elles-mêmes selon la procédure Certavis : 1.",
    );
    expect((await t.inject({ method: "GET", url: "/avis/inconnue/transparence" })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: "GET", url: "/api/v1/public/companies/inconnue/transparency/" })).statusCode,
    ).toBe(404);
  });
});

function userOf(user: TestUser) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    emailConfirmed: true,
  };
}
