import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationAppeals, reviewEvents, reviews } from "../../src/db/schema";
import { manualClock } from "../../src/modules/pipeline";
import { openShop, type Shop, submitReview } from "../certification/fixtures";
import { createTestApp, expectMatchesContract, type TestApp } from "../helpers";
import { signedInOperator } from "../operators/support";

/**
 * An operator decides an author's appeal (DSA art. 20) from the console's appeals queue, through the
 * same decision endpoint: `publish` overturns the decision (the review is published again, the trail
 * names the operator), `keep` upholds it; either way the author is mailed the outcome and the appeal
 * leaves the queue.
 */
describe("deciding an appeal", () => {
  const clock = manualClock(new Date("2026-11-28T10:00:00Z"));
  let t: TestApp;
  let certavis: Shop;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;

  const api = (method: "GET" | "POST", url: string, payload?: object) =>
    t.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${operator.access}` },
      ...(payload ? { payload } : {}),
    });
  const appealsCount = async () =>
    (await api("GET", "/operator/queues/"))
      .json()
      .queues.find((q: { queue: string }) => q.queue === "appeals").count as number;

  /** A review removed (or rejected) by an operator, whose author appealed through the mailed link. */
  async function appealed(comment: string, reason: "abusive" | "personal_data") {
    const review = await submitReview(t, certavis, clock, { rating: 1, comment });
    const removed = await api("POST", `/operator/reviews/${review.reviewId}/decision/`, {
      action: "remove",
      reason,
      note: "Note de l'opérateur.",
    });
    expect(removed.statusCode, removed.body).toBe(201);
    t.app.pipeline.notify();
    const statement = await t.smtp.waitForMail(
      (m) => m.to.includes(review.email) && m.links.some((l) => l.includes("/recours?token=")),
    );
    const link = statement.links.find((l) => l.includes("/recours?token=")) as string;
    const token = new URL(link).searchParams.get("token") as string;
    const res = await t.inject({
      method: "POST",
      url: "/api/v1/public/appeals/",
      payload: { token, explanation: "Mon avis décrit ma vraie commande." },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [appeal] = await t.ctx.db
      .select()
      .from(moderationAppeals)
      .where(eq(moderationAppeals.reviewId, review.reviewId));
    if (!appeal) throw new Error("no appeal");
    return { ...review, token, appealId: appeal.id };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now() });
    certavis = await openShop(t, "Bougie Ambre");
    await t.inject({
      method: "PUT",
      url: "/api/v1/company/moderation/",
      headers: certavis.auth,
      payload: { mode: "certavis" },
    });
    operator = await signedInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("overturns a rejection: the review is published again, the trail names the operator, the author is told", async () => {
    const before = await appealsCount();
    const { reviewId, email, appealId, token } = await appealed(
      "Écrivez-moi au 06 12 34 56 78",
      "personal_data",
    );
    expect(await appealsCount()).toBe(before + 1);
    const queue = (await api("GET", "/operator/queues/appeals/")).json().results as { id: string }[];
    expect(queue.map((item) => item.id)).toContain(appealId);

    const res = await api("POST", `/operator/reviews/${reviewId}/decision/`, {
      action: "publish",
      note: "Le numéro est celui du service client.",
      source: { kind: "appeal", id: appealId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(expectMatchesContract(res, "operatorReviewDecide")).toMatchObject({
      decision: "published",
      source: "appeal",
      decided_by: "operator",
    });
    const [review] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review).toMatchObject({
      status: "approved",
      moderatedBy: operator.id,
      rejectionReason: null,
      removedAt: null,
    });
    const [event] = await t.ctx.db
      .select()
      .from(reviewEvents)
      .where(and(eq(reviewEvents.reviewId, reviewId), eq(reviewEvents.kind, "appeal_overturned")));
    expect(event).toMatchObject({
      actor: "operator",
      actorUserId: operator.id,
      fromStatus: "rejected",
      toStatus: "approved",
    });
    const [appeal] = await t.ctx.db
      .select()
      .from(moderationAppeals)
      .where(eq(moderationAppeals.id, appealId));
    expect(appeal).toMatchObject({ status: "closed", outcome: "overturned" });
    expect(appeal?.decidedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await appealsCount()).toBe(before);

    t.app.pipeline.notify();
    const mail = await t.smtp.waitForMail((m) => m.to.includes(email) && m.subject.includes("recours"));
    expect(mail.subject).toBe(`Votre recours sur votre avis sur ${certavis.company.name}`);
    expect(mail.text).toContain(
      "Un opérateur de Certavis a réexaminé la décision prise sur votre avis sur « Bougie Ambre » : elle est annulée. Votre avis est de nouveau publié.",
    );
    expect(mail.text).toContain("Précision : Le numéro est celui du service client.");

    const statement = await t.inject({
      method: "GET",
      url: `/api/v1/public/appeals/?token=${encodeURIComponent(token)}`,
    });
    expect(statement.json().appeal).toMatchObject({ status: "closed", outcome: "overturned" });

    const again = await api("POST", `/operator/reviews/${reviewId}/decision/`, {
      action: "keep",
      source: { kind: "appeal", id: appealId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "Ce recours a déjà été examiné." });
  });

  it("upholds a removal: the review stays out of view, the author is told, the appeal leaves the queue", async () => {
    const { reviewId, email, appealId } = await appealed("Le vendeur est un escroc notoire.", "abusive");
    const before = await appealsCount();
    const removeOnAppeal = await api("POST", `/operator/reviews/${reviewId}/decision/`, {
      action: "remove",
      reason: "abusive",
      source: { kind: "appeal", id: appealId },
    });
    expect(removeOnAppeal.statusCode).toBe(400);
    expect(removeOnAppeal.json()).toEqual({
      action: ["Un recours se tranche en maintenant ou en annulant la décision."],
    });

    const res = await api("POST", `/operator/reviews/${reviewId}/decision/`, {
      action: "keep",
      source: { kind: "appeal", id: appealId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ decision: "removed", reason: "abusive" });
    const [review] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review?.status).toBe("rejected");
    expect(review?.removedAt).not.toBeNull();
    const [event] = await t.ctx.db
      .select()
      .from(reviewEvents)
      .where(and(eq(reviewEvents.reviewId, reviewId), eq(reviewEvents.kind, "appeal_upheld")));
    expect(event).toMatchObject({ actor: "operator", actorUserId: operator.id, toStatus: "rejected" });
    const [appeal] = await t.ctx.db
      .select()
      .from(moderationAppeals)
      .where(eq(moderationAppeals.id, appealId));
    expect(appeal).toMatchObject({ status: "closed", outcome: "upheld" });
    expect(await appealsCount()).toBe(before - 1);

    t.app.pipeline.notify();
    const mail = await t.smtp.waitForMail((m) => m.to.includes(email) && m.subject.includes("recours"));
    expect(mail.text).toContain(
      "Un opérateur de Certavis a réexaminé la décision prise sur votre avis sur « Bougie Ambre » : elle est maintenue. Votre avis reste retiré de la publication.",
    );
  });

  it("answers 404 for an appeal of another review", async () => {
    const { appealId } = await appealed("Contactez moi sur lea@exemple.fr", "personal_data");
    const other = await submitReview(t, certavis, clock, { rating: 5, comment: "Parfait." });
    const res = await api("POST", `/operator/reviews/${other.reviewId}/decision/`, {
      action: "keep",
      source: { kind: "appeal", id: appealId },
    });
    expect(res.statusCode).toBe(404);
  });
});
