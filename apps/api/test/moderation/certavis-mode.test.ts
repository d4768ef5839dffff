import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCertificationJobs } from "../../src/modules/certification/jobs";
import { manualClock } from "../../src/modules/pipeline";
import { openShop, type Shop, signInAgain, submitReview } from "../certification/fixtures";
import { createTestApp, expectMatchesContract, TEST_DATABASES, type TestApp } from "../helpers";

interface Review {
  id: string;
  status: string;
  check_flags: { kind: string; match: string }[] | null;
  contest: { status: string; reason: string; explanation: string } | null;
}
interface Event {
  kind: string;
  actor: string;
  note: string | null;
}

const CANNOT_MODERATE =
  "Les avis de cette boutique sont modérés par Certavis (modération indépendante) : la boutique ne peut ni valider ni rejeter un avis. Vous pouvez y répondre ou le contester.";

describe.each(TEST_DATABASES)("Certavis mode on %s (ARCHITECTURE §10.19)", (kind) => {
  const clock = manualClock(new Date("2026-11-28T10:00:00Z"));
  let t: TestApp;
  let shop: Shop;
  let shopMode: Shop;

  const one = async (id: string, s = shop): Promise<Review> => {
    const list = expectMatchesContract<{ results: Review[] }>(
      await t.inject({ method: "GET", url: "/api/v1/company/reviews/?limit=200", headers: s.auth }),
      "companyReviewsList",
    );
    const found = list.results.find((r) => r.id === id);
    if (!found) throw new Error(`review ${id} not listed`);
    return found;
  };
  const history = async (id: string) =>
    expectMatchesContract<{ results: Event[] }>(
      await t.inject({ method: "GET", url: `/api/v1/company/reviews/${id}/history/`, headers: shop.auth }),
      "companyReviewsHistory",
    ).results;
  const contest = (id: string, payload: Record<string, unknown>, s = shop) =>
    t.inject({ method: "POST", url: `/api/v1/company/reviews/${id}/contest/`, headers: s.auth, payload });
  const publicIds = async () =>
    (
      (
        await t.inject({ method: "GET", url: `/api/v1/public/reviews/?company_id=${shop.company.id}` })
      ).json() as {
        reviews: { id: string }[];
      }
    ).reviews.map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    shop = await openShop(t);
    shopMode = await openShop(t, "Vase Opale");
    const res = await t.inject({
      method: "PUT",
      url: "/api/v1/company/moderation/",
      headers: shop.auth,
      payload: { mode: "certavis" },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("publishes a clean review at once, checked by automatic means", async () => {
    const { reviewId } = await submitReview(t, shop, clock, {
      rating: 4,
      comment: "Très belle lampe, livrée en deux jours et bien emballée.",
    });
    const r = await one(reviewId);
    expect(r.status).toBe("approved");
    expect(r.check_flags).toEqual([]);
    expect(await publicIds()).toContain(reviewId);
    expect((await history(reviewId)).map((e) => [e.kind, e.actor])).toEqual([
      ["submitted", "author"],
      ["approved", "system"],
    ]);
    // The shop's own flow is unchanged: a review of a shop-moderated company waits for the shop.
    const other = await submitReview(t, shopMode, clock, { rating: 4, comment: "Joli vase." });
    expect((await one(other.reviewId, shopMode)).status).toBe("pending");
    expect((await one(other.reviewId, shopMode)).check_flags).toBeNull();
  });

  it("holds a flagged review for an operator: contact details, links, insults", async () => {
    const cases: [string, { kind: string; match: string }[]][] = [
      ["Écrivez-moi : lea.bernard@exemple.fr", [{ kind: "email", match: "lea.bernard@exemple.fr" }]],
      ["Appelez le 06 12 34 56 78 pour en savoir plus", [{ kind: "phone", match: "06 12 34 56 78" }]],
      [
        "Moins cher sur https://ailleurs.example.com/lampe",
        [{ kind: "link", match: "https://ailleurs.example.com/lampe" }],
      ],
      ["Le vendeur est un connard.", [{ kind: "insult", match: "connard" }]],
    ];
    for (const [comment, flags] of cases) {
      const { reviewId } = await submitReview(t, shop, clock, { rating: 1, comment });
      const r = await one(reviewId);
      expect(r.status).toBe("pending");
      expect(r.check_flags).toEqual(flags);
      expect(await publicIds()).not.toContain(reviewId);
      const events = await history(reviewId);
      expect(events.map((e) => e.kind)).toEqual(["submitted", "flagged"]);
    }
  });

  it("flags the same text already posted by another order of the company", async () => {
    const text = "Produit conforme à la description, je recommande cette boutique sans hésiter.";
    const first = await submitReview(t, shop, clock, { rating: 5, comment: text });
    expect((await one(first.reviewId)).status).toBe("approved");
    const second = await submitReview(t, shop, clock, { rating: 5, comment: `${text.toUpperCase()}  ` });
    const r = await one(second.reviewId);
    expect(r.status).toBe("pending");
    expect(r.check_flags).toEqual([{ kind: "duplicate", match: first.reviewId }]);
    // Another company's identical text is no duplicate of this one's.
    const elsewhere = await submitReview(t, shopMode, clock, { rating: 5, comment: text });
    expect((await one(elsewhere.reviewId, shopMode)).check_flags).toBeNull();
  });

  it("refuses the shop's approval or rejection, naming the mode; the shop still replies", async () => {
    const flagged = await submitReview(t, shop, clock, { rating: 2, comment: "Voir www.ailleurs.fr" });
    for (const payload of [{ status: "approved" }, { status: "rejected", rejection_reason: "off_topic" }]) {
      const res = await t.inject({
        method: "PATCH",
        url: `/api/v1/company/reviews/${flagged.reviewId}/`,
        headers: shop.auth,
        payload,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: CANNOT_MODERATE });
    }
    expect((await one(flagged.reviewId)).status).toBe("pending");
    const clean = await submitReview(t, shop, clock, { rating: 3, comment: "Correct, sans plus." });
    const reply = await t.inject({
      method: "PUT",
      url: `/api/v1/company/reviews/${clean.reviewId}/reply/`,
      headers: shop.auth,
      payload: { body: "Merci pour votre retour." },
    });
    expect(reply.statusCode).toBe(200);
  });

  it("lets the shop contest a published review once at a time; it stays published", async () => {
    const { reviewId } = await submitReview(t, shop, clock, { rating: 1, comment: "Nul, jamais reçu." });
    const empty = await contest(reviewId, { reason: "fake_suspected", explanation: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ explanation: ["Expliquez votre demande."] });
    const res = await contest(reviewId, {
      reason: "fake_suspected",
      explanation: "Aucune commande à ce nom n'a été livrée.",
    });
    const made = expectMatchesContract<{ status: string; reason: string }>(res, "companyReviewsContest");
    expect(res.statusCode).toBe(201);
    expect(made).toMatchObject({ status: "open", reason: "fake_suspected" });
    const again = await contest(reviewId, { reason: "abusive", explanation: "Et en plus il est grossier." });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "Une contestation de cet avis est déjà en cours d'examen." });
    expect(await publicIds()).toContain(reviewId);
    expect((await one(reviewId)).contest).toMatchObject({ status: "open", reason: "fake_suspected" });
    const events = await history(reviewId);
    expect(events.at(-1)).toMatchObject({
      kind: "contested",
      actor: "user",
      note: "Aucune commande à ce nom n'a été livrée.",
    });

    const pending = await submitReview(t, shop, clock, { rating: 1, comment: "Contact : a@b.fr" });
    const notPublished = await contest(pending.reviewId, { reason: "abusive", explanation: "Faux." });
    expect(notPublished.statusCode).toBe(409);
    expect(notPublished.json()).toEqual({ detail: "Seul un avis publié peut être contesté." });
  });

  it("keeps contests for Certavis mode: a shop-moderated company gets a 409 naming its mode", async () => {
    const { reviewId } = await submitReview(t, shopMode, clock, { rating: 1, comment: "Bof." });
    await t.inject({
      method: "PATCH",
      url: `/api/v1/company/reviews/${reviewId}/`,
      headers: shopMode.auth,
      payload: { status: "approved" },
    });
    const res = await contest(reviewId, { reason: "abusive", explanation: "Faux avis." }, shopMode);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail:
        "Seules les boutiques dont la modération est confiée à Certavis contestent un avis : en modération par la boutique, vous le validez ou le rejetez vous-même.",
    });
  });

  it("publishes a flagged review on day 30 when no operator decided", async () => {
    const { reviewId } = await submitReview(t, shop, clock, {
      rating: 2,
      comment: "Mon numéro : 0612345678",
    });
    expect((await one(reviewId)).status).toBe("pending");
    clock.advanceDays(30.01);
    await runCertificationJobs(t.ctx.db, clock.now());
    await signInAgain(t, shop);
    expect((await one(reviewId)).status).toBe("approved");
  });
});
