import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewContests, reviewEvents, reviewReports, reviews } from "../../src/db/schema";
import { decideAsOperator } from "../../src/modules/moderation/operator-decision";
import { manualClock } from "../../src/modules/pipeline";
import { openShop, type Shop, submitReview } from "../certification/fixtures";
import {
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  type TestApp,
  type TestUser,
} from "../helpers";

interface Event {
  kind: string;
  actor: string;
  actor_name: string | null;
  reason: string | null;
}

describe("statements of reasons and appeals (DSA art. 17, 20)", () => {
  const clock = manualClock(new Date("2026-11-28T10:00:00Z"));
  let t: TestApp;
  let shop: Shop;
  let certavis: Shop;
  let operator: TestUser;
  let rules: string;

  const appealToken = (links: string[]) => {
    const link = links.find((l) => l.startsWith(`${t.publicUrl}/recours?token=`));
    if (!link) throw new Error(`no appeal link in ${links.join(", ")}`);
    return new URL(link).searchParams.get("token") as string;
  };
  const history = async (s: Shop, id: string) =>
    expectMatchesContract<{ results: Event[] }>(
      await t.inject({ method: "GET", url: `/api/v1/company/reviews/${id}/history/`, headers: s.auth }),
      "companyReviewsHistory",
    ).results;
  const asOperator = () => ({
    id: operator.id,
    email: operator.email,
    firstName: "Olivia",
    lastName: "Opératrice",
  });

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now() });
    rules = `${t.publicUrl}/regles-de-moderation`;
    shop = await openShop(t);
    certavis = await openShop(t, "Vase Opale");
    await t.inject({
      method: "PUT",
      url: "/api/v1/company/moderation/",
      headers: certavis.auth,
      payload: { mode: "certavis" },
    });
    operator = await registerVerifiedUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("mails the author of a rejection the decision, facts, rule, means and how to appeal", async () => {
    const { reviewId, email } = await submitReview(t, shop, clock, {
      rating: 1,
      comment: "Hors sujet total.",
    });
    const res = await t.inject({
      method: "PATCH",
      url: `/api/v1/company/reviews/${reviewId}/`,
      headers: shop.auth,
      payload: {
        status: "rejected",
        rejection_reason: "off_topic",
        rejection_note: "Parle d'un autre site.",
      },
    });
    expect(res.statusCode).toBe(200);
    t.app.pipeline.notify();
    const mail = await t.smtp.waitForMail(
      (m) => m.to.includes(email) && m.subject.includes("pas été publié"),
    );
    expect(mail.text).toContain("Décision : votre avis n'est pas publié.");
    expect(mail.text).toContain("Faits : L'avis a été lu par la boutique, qui a refusé de le publier.");
    expect(mail.text).toContain(
      `Règle appliquée : Avis sans rapport avec le produit ou la commande, ou incompréhensible (${rules})`,
    );
    expect(mail.text).toContain("Aucun moyen automatisé n'a été utilisé pour cette décision.");
    expect(mail.text).toContain(`Décision prise par ${shop.company.name}.`);
    expect(mail.links).toContain(rules);
    const token = appealToken(mail.links);

    const statement = expectMatchesContract<{ decision: string; reason: string; appeal: unknown }>(
      await t.inject({ method: "GET", url: `/api/v1/public/appeals/?token=${encodeURIComponent(token)}` }),
      "publicAppealGet",
    );
    expect(statement).toMatchObject({ decision: "rejected", reason: "off_topic", appeal: null });
    const page = await t.inject({ method: "GET", url: `/recours?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form action="/recours" method="post">');

    const appeal = await t.inject({
      method: "POST",
      url: "/api/v1/public/appeals/",
      payload: { token, explanation: "Mon avis parle bien de la lampe achetée." },
    });
    expect(appeal.statusCode).toBe(201);
    const again = await t.inject({
      method: "POST",
      url: "/recours",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ token, explanation: "Encore." }).toString(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("Un recours a déjà été formé contre cette décision.");
    expect((await history(shop, reviewId)).at(-1)).toMatchObject({ kind: "appealed", actor: "author" });
    const forged = await t.inject({
      method: "GET",
      url: `/api/v1/public/appeals/?token=${encodeURIComponent(`${token.split(".")[0]}.AAAA`)}`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ detail: "Ce lien de recours est invalide." });
  });

  it("lets only an operator remove a published review: trail, contest, reporters and author told", async () => {
    const { reviewId, email } = await submitReview(t, certavis, clock, {
      rating: 1,
      comment: "Le gérant est un escroc notoire, fuyez.",
    });
    expect((await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId)))[0]?.status).toBe(
      "approved",
    );
    await t.inject({
      method: "POST",
      url: `/api/v1/company/reviews/${reviewId}/contest/`,
      headers: certavis.auth,
      payload: { reason: "abusive", explanation: "Propos diffamatoires." },
    });
    await t.inject({
      method: "POST",
      url: `/api/v1/public/reviews/${reviewId}/report/`,
      payload: { reason: "illegal_content", explanation: "Diffamation.", email: "temoin@exemple.fr" },
    });

    await decideAsOperator(t.ctx, {
      reviewId,
      operator: asOperator(),
      action: "remove",
      reason: "abusive",
      note: "Accusation sans fait précis.",
      source: { kind: "review" },
    });
    const [row] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row?.status).toBe("rejected");
    expect(row?.removedAt?.toISOString()).toBe(clock.now().toISOString());
    const [contest] = await t.ctx.db
      .select()
      .from(reviewContests)
      .where(eq(reviewContests.reviewId, reviewId));
    expect(contest).toMatchObject({ status: "closed", outcome: "removed" });
    const [report] = await t.ctx.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));
    expect(report).toMatchObject({ status: "closed", outcome: "removed" });
    expect((await history(certavis, reviewId)).at(-1)).toMatchObject({
      kind: "removed",
      actor: "operator",
      actor_name: "Olivia Opératrice",
      reason: "abusive",
    });
    const [event] = await t.ctx.db
      .select({ actorUserId: reviewEvents.actorUserId })
      .from(reviewEvents)
      .where(and(eq(reviewEvents.reviewId, reviewId), eq(reviewEvents.kind, "removed")));
    expect(event?.actorUserId).toBe(operator.id);

    t.app.pipeline.notify();
    const removal = await t.smtp.waitForMail((m) => m.to.includes(email) && m.subject.includes("retiré"));
    expect(removal.subject).toBe(`Votre avis sur ${certavis.company.name} a été retiré`);
    expect(removal.text).toContain("Décision : votre avis a été retiré de la publication.");
    expect(removal.text).toContain("Décision prise par un opérateur de Certavis.");
    expect(removal.text).toContain("La boutique a contesté cet avis");
    expect(removal.text).toContain("Un visiteur a signalé cet avis (motif : Contenu illicite).");
    expect(removal.text).toContain("Précision : Accusation sans fait précis.");
    appealToken(removal.links);
    const told = await t.smtp.waitForMail((m) => m.to.includes("temoin@exemple.fr"));
    expect(told.subject).toBe("Suite donnée à votre signalement");
    expect(told.text).toContain(
      `Nous avons examiné l'avis sur ${certavis.company.name} que vous avez signalé : il a été retiré de la publication.`,
    );
    await expect(
      decideAsOperator(t.ctx, { reviewId, operator: asOperator(), action: "remove", reason: "abusive" }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it("mails the statement of a removed store review to its author (a store review's own e-mail)", async () => {
    const email = `boutique.${Date.now()}@exemple.fr`;
    const order = expectMatchesContract<{ review_url: string }>(
      await t.inject({
        method: "POST",
        url: "/api/v1/orders/",
        headers: { "x-api-key": certavis.company.apiKey },
        payload: {
          product_id: certavis.productId,
          buyer_email: email,
          buyer_first_name: "Noé",
          buyer_last_name: "Martin",
          reference: `CMD-STORE-${Date.now()}`,
          order_date: new Date(clock.now().getTime() - 2 * 86_400_000).toISOString(),
        },
      }),
      "ordersCreate",
    );
    const key = new URL(order.review_url).searchParams.get("api_key") as string;
    const submitted = await t.inject({
      method: "POST",
      url: `/api/v1/review/store/?api_key=${encodeURIComponent(key)}`,
      payload: { rating: 1, comment: "Le gérant est un escroc notoire." },
    });
    expect(submitted.statusCode).toBe(201);
    const reviewId = (submitted.json() as { id: string }).id;
    await decideAsOperator(t.ctx, {
      reviewId,
      operator: asOperator(),
      action: "remove",
      reason: "abusive",
      note: "Accusation sans fait précis.",
      source: { kind: "review" },
    });
    t.app.pipeline.notify();
    const removal = await t.smtp.waitForMail((m) => m.to.includes(email) && m.subject.includes("retiré"));
    expect(removal.text).toContain("Décision : votre avis a été retiré de la publication.");
    expect(removal.text).toContain("Précision : Accusation sans fait précis.");
    appealToken(removal.links);
  });

  it("says when automatic means flagged what an operator rejected, and tells a reporter a review stays", async () => {
    const flagged = await submitReview(t, certavis, clock, {
      rating: 2,
      comment: "Appelez le 06 12 34 56 78",
    });
    await decideAsOperator(t.ctx, {
      reviewId: flagged.reviewId,
      operator: asOperator(),
      action: "remove",
      reason: "personal_data",
    });
    t.app.pipeline.notify();
    const mail = await t.smtp.waitForMail(
      (m) => m.to.includes(flagged.email) && m.subject.includes("pas été publié"),
    );
    expect(mail.text).toContain(
      "Des moyens automatisés ont été utilisés : les contrôles automatiques de Certavis ont signalé cet avis.",
    );
    expect(mail.text).toContain(
      "Faits : Les contrôles automatiques ont relevé : Numéro de téléphone dans le texte.",
    );

    const kept = await submitReview(t, certavis, clock, { rating: 4, comment: "Bien, un peu cher." });
    await t.inject({
      method: "POST",
      url: `/api/v1/public/reviews/${kept.reviewId}/report/`,
      payload: { reason: "other", explanation: "Je n'aime pas.", email: "curieux@exemple.fr" },
    });
    await decideAsOperator(t.ctx, { reviewId: kept.reviewId, operator: asOperator(), action: "keep" });
    t.app.pipeline.notify();
    const told = await t.smtp.waitForMail((m) => m.to.includes("curieux@exemple.fr"));
    expect(told.text).toContain("Il ne contrevient pas aux règles de modération : il reste publié.");
  });

  it("refuses a removal without a reason", async () => {
    const { reviewId } = await submitReview(t, certavis, clock, { rating: 3, comment: "Moyen." });
    await expect(
      decideAsOperator(t.ctx, { reviewId, operator: asOperator(), action: "remove" }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
