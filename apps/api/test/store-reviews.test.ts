/**
 * Reviews of the shop itself (ARCHITECTURE §10.18): one store review per order, whatever its number
 * of products, asked first and answered apart from the products; the same certified lifecycle; store
 * and product averages never mix.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, orders, reviewEvents, reviews, webhookMessages } from "../src/db/schema";
import { runCertificationJobs } from "../src/modules/certification/jobs";
import { manualClock } from "../src/modules/pipeline";
import { messageBodies } from "../src/modules/webhooks/payload";
import { openShop, type Shop, signInAgain } from "./certification/fixtures";
import { createTestApp, expectMatchesContract, TEST_DATABASES, type TestApp } from "./helpers";

const DAY = 86_400_000;

interface PublicForm {
  store_question: { shop_name: string; api_key: string } | null;
  other_products?: { id: string; name: string; api_key: string }[];
  product: { id: string; name: string };
}
interface Review {
  id: string;
  subject: string;
  status: string;
  rating: number;
  product: { id: string } | null;
  reply: { body: string } | null;
}
interface StoreRating {
  average: number | null;
  count: number;
  distribution: Record<string, number>;
}

describe.each(TEST_DATABASES)("store reviews on %s", (kind) => {
  const clock = manualClock(new Date("2026-11-23T10:00:00Z"));
  let t: TestApp;
  let shop: Shop;
  let secondProductId: string;
  let counter = 0;

  const api = (path: string) => `/api/v1${path}`;
  const keyOf = (url: string) => new URL(url).searchParams.get("api_key") as string;
  const storeUrl = (key: string) => api(`/review/store/?api_key=${encodeURIComponent(key)}`);
  const formUrl = (key: string) => api(`/review/?api_key=${encodeURIComponent(key)}`);
  const postStore = (key: string, payload: Record<string, unknown>) =>
    t.inject({ method: "POST", url: storeUrl(key), payload });
  const postProduct = (key: string, answers: Record<string, unknown>) =>
    t.inject({ method: "POST", url: formUrl(key), payload: { answers } });
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.inject({ method: "PATCH", url: api(`/company/reviews/${id}/`), headers: shop.auth, payload });

  /** An order of both products placed 10 days ago: its keys (line 0 first) and buyer address. */
  async function orderOfTwo(): Promise<{ keys: string[]; email: string; reference: string }> {
    counter += 1;
    const email = `boutique${counter}.${Date.now()}@exemple.fr`;
    const reference = `CMD-B-${counter}-${Date.now()}`;
    const res = await t.inject({
      method: "POST",
      url: api("/orders/"),
      headers: { "x-api-key": shop.company.apiKey },
      payload: {
        items: [{ product_id: shop.productId }, { product_id: secondProductId }],
        buyer_email: email,
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference,
        order_date: new Date(clock.now().getTime() - 10 * DAY).toISOString(),
      },
    });
    const created = expectMatchesContract<{ review_urls: string[] }>(res, "ordersCreate");
    return { keys: created.review_urls.map(keyOf), email, reference };
  }

  async function company() {
    const res = await t.inject({ method: "GET", url: api("/company/"), headers: shop.auth });
    return expectMatchesContract<{
      store_reviews: boolean;
      store_rating: StoreRating;
      mean_note: number | null;
    }>(res, "companyGet");
  }

  async function publicJson(productId?: string) {
    const query = productId ? `&product_id=${productId}` : "";
    const res = await t.inject({
      method: "GET",
      url: api(`/public/reviews/?company_id=${shop.company.id}${query}`),
    });
    return expectMatchesContract<{
      store_rating: StoreRating;
      metrics: { average_note: number | null; reviews_count: number };
      reviews: { id: string; subject: string; product: unknown }[];
    }>(res, "publicReviewsGet");
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    shop = await openShop(t, "Lampe Aurore");
    const second = await t.inject({
      method: "POST",
      url: api("/company/products/"),
      headers: shop.auth,
      payload: { name: "Bougie Ambre", status: "active", form_id: shop.company.defaults.formId },
    });
    secondProductId = expectMatchesContract<{ id: string }>(second, "companyProductsCreate").id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("asks about the shop first, in the e-mail and the form; one store review per order, apart from the products", async () => {
    expect((await company()).store_reviews).toBe(true);
    const { keys, email, reference } = await orderOfTwo();
    const [head, second] = keys as [string, string];

    t.app.pipeline.notify();
    const request = await t.smtp.waitForMail((m) => m.to.includes(email), 10_000);
    const question = `Votre expérience avec ${shop.company.name}`;
    expect(request.text).toContain(question);
    expect(request.text.indexOf(question)).toBeLessThan(request.text.indexOf("- Lampe Aurore"));
    expect(request.html).toContain(question);

    const form = expectMatchesContract<PublicForm>(
      await t.inject({ method: "GET", url: formUrl(second) }),
      "reviewFormGet",
    );
    expect(form.store_question).toEqual({ shop_name: shop.company.name, api_key: second });
    expect(form.other_products?.map((p) => [p.name, p.api_key])).toEqual([["Lampe Aurore", head]]);

    const seen = await t.inject({ method: "GET", url: storeUrl(second) });
    expect(
      expectMatchesContract<{ company: { name: string } }>(seen, "storeReviewFormGet").company.name,
    ).toBe(shop.company.name);

    const missing = await postStore(second, { comment: "Rapide." });
    expect(missing.statusCode).toBe(400);
    expect(expectMatchesContract(missing, "storeReviewSubmit")).toEqual({
      rating: ["Ce champ est obligatoire."],
    });
    const half = await postStore(second, { rating: 4.5 });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({ rating: ["Un nombre entier valide est requis."] });
    const six = await postStore(second, { rating: 6 });
    expect(six.json()).toEqual({ rating: ["Le nombre doit être compris entre 1 et 5."] });

    // The product first, then the shop, then the other product: each its own review.
    expect((await postProduct(head, { rating: 4, comment: "Belle lampe." })).statusCode).toBe(201);
    const stored = await postStore(second, { rating: 5, title: " Sérieux ", comment: "Colis soigné." });
    expect(stored.statusCode).toBe(201);
    const { id } = expectMatchesContract<{ id: string; status: string }>(stored, "storeReviewSubmit");
    const again = await postStore(head, { rating: 1 });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      detail: "Un avis sur la boutique a déjà été déposé pour cette commande.",
    });
    const form2 = expectMatchesContract<PublicForm>(
      await t.inject({ method: "GET", url: formUrl(second) }),
      "reviewFormGet",
    );
    expect(form2.store_question).toBeNull();
    expect((await postProduct(second, { rating: 3, comment: "Bougie correcte." })).statusCode).toBe(201);

    const [headLine] = await t.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.reference, reference), eq(orders.line, 0)));
    const [row] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({
      subject: "store",
      productId: null,
      orderId: headLine?.id,
      rating: "5.00",
      title: "Sérieux",
      comment: "Colis soigné.",
      status: "pending",
    });
    const all = await t.ctx.db.select().from(reviews).where(eq(reviews.companyId, shop.company.id));
    expect(all.map((r) => r.subject).sort()).toEqual(["product", "product", "store"]);
  });

  it("a buyer may answer the shop alone; the company turns the question off in Entreprise", async () => {
    const { keys } = await orderOfTwo();
    const [head] = keys as [string];
    expect((await postStore(head, { rating: 2 })).statusCode).toBe(201);
    // The product keys stay open after the store answer.
    const form = expectMatchesContract<PublicForm>(
      await t.inject({ method: "GET", url: formUrl(head) }),
      "reviewFormGet",
    );
    expect(form.product.name).toBe("Lampe Aurore");

    const off = await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: shop.auth,
      payload: { store_reviews: false },
    });
    expect(expectMatchesContract<{ store_reviews: boolean }>(off, "companyUpdate").store_reviews).toBe(false);
    const bad = await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: shop.auth,
      payload: { store_reviews: "peut-être" },
    });
    expect(bad.statusCode).toBe(400);
    const other = await orderOfTwo();
    const [otherHead] = other.keys as [string];
    const closed = await t.inject({ method: "GET", url: storeUrl(otherHead) });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ detail: "Cette boutique ne recueille pas d'avis sur elle-même." });
    expect((await postStore(otherHead, { rating: 5 })).statusCode).toBe(403);
    const noQuestion = expectMatchesContract<PublicForm>(
      await t.inject({ method: "GET", url: formUrl(otherHead) }),
      "reviewFormGet",
    );
    expect(noQuestion.store_question).toBeNull();
    await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: shop.auth,
      payload: { store_reviews: true },
    });
  });

  it("in Certavis mode a clean store review is published at once, a flagged one waits; its answer leads to the products", async () => {
    const since = new Date(clock.now().getTime() - DAY);
    const moderatedBy = (moderation: "certavis" | "shop", at: Date | null) =>
      t.ctx.db
        .update(companies)
        .set({ moderation, moderationRequestedAt: at, moderationEffectiveAt: at })
        .where(eq(companies.id, shop.company.id));
    await moderatedBy("certavis", since);
    try {
      const clean = await orderOfTwo();
      const answered = await postStore(clean.keys[0] as string, {
        rating: 5,
        comment: "Accueil chaleureux et colis soigné.",
      });
      expect(answered.statusCode, answered.body).toBe(201);
      const body = expectMatchesContract<{ status: string; others: { product_name: string }[] }>(
        answered,
        "storeReviewSubmit",
      );
      expect(body.status).toBe("approved");
      // Both products of the order are still to review, the head line's included.
      expect(body.others.map((o) => o.product_name).sort()).toEqual(["Bougie Ambre", "Lampe Aurore"]);

      const flagged = await orderOfTwo();
      const waiting = await postStore(flagged.keys[0] as string, {
        rating: 1,
        comment: "Écrivez-moi à lea.bernard@exemple.fr pour en parler.",
      });
      expect(expectMatchesContract<{ status: string }>(waiting, "storeReviewSubmit").status).toBe("pending");
    } finally {
      await moderatedBy("shop", null);
    }
  });

  it("follows the product review's lifecycle: moderation, reason mailed, one reply, withdrawal link, trail, 30 days", async () => {
    const { keys, email } = await orderOfTwo();
    const submitted = await postStore(keys[0] as string, { rating: 1, comment: "Appelez-moi au 06…" });
    const { id } = expectMatchesContract<{ id: string }>(submitted, "storeReviewSubmit");

    const listed = await t.inject({
      method: "GET",
      url: api("/company/reviews/?subject=store&status=pending"),
      headers: shop.auth,
    });
    const list = expectMatchesContract<{ count: number; results: Review[] }>(listed, "companyReviewsList");
    expect(list.results.every((r) => r.subject === "store" && r.product === null)).toBe(true);
    expect(list.results.map((r) => r.id)).toContain(id);
    expect(list.count).toBe(list.results.length);
    const products = await t.inject({
      method: "GET",
      url: api("/company/reviews/?subject=product"),
      headers: shop.auth,
    });
    expect(
      expectMatchesContract<{ results: Review[] }>(products, "companyReviewsList").results.every(
        (r) => r.subject === "product" && r.product !== null,
      ),
    ).toBe(true);

    const rejected = await patch(id, { status: "rejected", rejection_reason: "personal_data" });
    expect(expectMatchesContract<Review>(rejected, "companyReviewsUpdate").status).toBe("rejected");
    const mail = await t.smtp.waitForMail(
      (m) => m.to.includes(email) && m.subject.includes("pas été publié"),
    );
    expect(mail.subject).toBe(`Votre avis sur ${shop.company.name} n'a pas été publié`);
    expect(mail.text).toContain("Motif : Données personnelles");

    // A second order: approved, replied to once, withdrawn by its author through the thanks e-mail.
    const next = await orderOfTwo();
    const ok = expectMatchesContract<{ id: string }>(
      await postStore(next.keys[1] as string, { rating: 4, comment: "Bien." }),
      "storeReviewSubmit",
    );
    await patch(ok.id, { status: "approved" });
    const reply = await t.inject({
      method: "PUT",
      url: api(`/company/reviews/${ok.id}/reply/`),
      headers: shop.auth,
      payload: { body: "Merci Léa !" },
    });
    expect(expectMatchesContract<Review>(reply, "companyReviewsReplyPut").reply?.body).toBe("Merci Léa !");
    const replyMail = await t.smtp.waitForMail(
      (m) => m.to.includes(next.email) && m.text.includes("Merci Léa !"),
    );
    expect(replyMail.text).toContain(shop.company.name);
    const thanks = await t.smtp.waitForMail(
      (m) => m.to.includes(next.email) && m.subject.startsWith("Merci"),
    );
    const link = thanks.links.find((l) => l.includes("/create-reviews/retrait?token="));
    const token = new URL(link as string).searchParams.get("token") as string;
    const seen = await t.inject({
      method: "GET",
      url: api(`/review/withdrawal/?token=${encodeURIComponent(token)}`),
    });
    expect(expectMatchesContract<{ comment: string }>(seen, "reviewWithdrawalGet").comment).toBe("Bien.");
    expect((await publicJson("store")).reviews.map((r) => r.id)).toContain(ok.id);
    const done = await t.inject({ method: "POST", url: api("/review/withdrawal/"), payload: { token } });
    expect(expectMatchesContract<{ withdrawn: boolean }>(done, "reviewWithdrawalConfirm").withdrawn).toBe(
      true,
    );
    expect((await publicJson("store")).reviews.map((r) => r.id)).not.toContain(ok.id);
    const events = await t.ctx.db.select().from(reviewEvents).where(eq(reviewEvents.reviewId, ok.id));
    expect(events.map((e) => e.kind)).toEqual(["submitted", "approved", "reply_published", "withdrawn"]);

    // Left pending, published by itself after 30 days.
    const late = await orderOfTwo();
    const waiting = expectMatchesContract<{ id: string }>(
      await postStore(late.keys[0] as string, { rating: 3 }),
      "storeReviewSubmit",
    );
    clock.advanceDays(30.2);
    await runCertificationJobs(t.ctx.db, clock.now());
    await runCertificationJobs(t.ctx.db, clock.now());
    const [published] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, waiting.id));
    expect(published?.status).toBe("approved");
    await signInAgain(t, shop);
  });

  it("keeps the store rating and the product averages apart", async () => {
    const fresh = await openShop(t, "Vase Terre");
    const order = await t.inject({
      method: "POST",
      url: api("/orders/"),
      headers: { "x-api-key": fresh.company.apiKey },
      payload: {
        product_id: fresh.productId,
        buyer_email: `apart.${Date.now()}@exemple.fr`,
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: "CMD-APART",
        order_date: new Date(clock.now().getTime() - 2 * DAY).toISOString(),
      },
    });
    const key = keyOf(expectMatchesContract<{ review_url: string }>(order, "ordersCreate").review_url);
    const product = expectMatchesContract<{ id: string }>(
      await postProduct(key, { rating: 2, comment: "Fêlé." }),
      "reviewSubmit",
    );
    const store = expectMatchesContract<{ id: string }>(
      await postStore(key, { rating: 5 }),
      "storeReviewSubmit",
    );
    for (const id of [product.id, store.id])
      await t.inject({
        method: "PATCH",
        url: api(`/company/reviews/${id}/`),
        headers: fresh.auth,
        payload: { status: "approved" },
      });

    const all = await t.inject({
      method: "GET",
      url: api(`/public/reviews/?company_id=${fresh.company.id}`),
    });
    const json = expectMatchesContract<{
      company: { mean_note: number | null; reviews_count: number };
      products: { mean_note: number | null; reviews_count: number }[];
      metrics: { average_note: number | null; reviews_count: number };
      store_rating: StoreRating;
      reviews: { subject: string }[];
    }>(all, "publicReviewsGet");
    expect(json.company).toMatchObject({ mean_note: 2, reviews_count: 1 });
    expect(json.metrics).toEqual({ average_note: 2, reviews_count: 1 });
    expect(json.products.map((p) => [p.mean_note, p.reviews_count])).toEqual([[2, 1]]);
    expect(json.reviews.map((r) => r.subject)).toEqual(["product"]);
    expect(json.store_rating).toEqual({
      average: 5,
      count: 1,
      distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 1 },
    });
    const storeOnly = await t.inject({
      method: "GET",
      url: api(`/public/reviews/?company_id=${fresh.company.id}&product_id=store`),
    });
    const storeJson = expectMatchesContract<{
      metrics: { average_note: number | null; reviews_count: number };
      reviews: { subject: string; product: unknown }[];
    }>(storeOnly, "publicReviewsGet");
    expect(storeJson.metrics).toEqual({ average_note: 5, reviews_count: 1 });
    expect(storeJson.reviews).toMatchObject([{ subject: "store", product: null }]);

    const mine = expectMatchesContract<{ mean_note: number | null; store_rating: StoreRating }>(
      await t.inject({ method: "GET", url: api("/company/"), headers: fresh.auth }),
      "companyGet",
    );
    expect(mine.mean_note).toBe(2);
    expect(mine.store_rating).toMatchObject({ average: 5, count: 1 });
    const insights = expectMatchesContract<{
      distribution: Record<string, number>;
      store: { rating: StoreRating } | null;
    }>(
      await t.inject({ method: "GET", url: api("/company/insights/"), headers: fresh.auth }),
      "companyInsightsGet",
    );
    expect(insights.distribution).toEqual({ "1": 0, "2": 1, "3": 0, "4": 0, "5": 0 });
    expect(insights.store?.rating).toEqual({
      average: 5,
      count: 1,
      distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 1 },
    });
    const { slug } = expectMatchesContract<{ slug: string }>(
      await t.inject({ method: "GET", url: api("/company/"), headers: fresh.auth }),
      "companyGet",
    );
    const page = await t.inject({ method: "GET", url: `/avis/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<a href="/avis/' + slug + '" aria-current="page" class="current">Boutique</a>',
    );
    expect(page.body).toContain(`<a href="/avis/${slug}/produits">Produits</a>`);
    expect(page.body).not.toContain("Fêlé.");
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? "{}",
    ) as {
      "@type": string;
      aggregateRating?: { ratingValue: number; reviewCount: number };
      review?: unknown[];
    };
    expect(ld).toMatchObject({ "@type": "OnlineStore", aggregateRating: { ratingValue: 5, reviewCount: 1 } });
    expect(ld.review).toHaveLength(1);
    const productsView = await t.inject({ method: "GET", url: `/avis/${slug}/produits` });
    expect(productsView.body).toContain("Fêlé.");
    expect(productsView.body).toContain(
      `<a href="/avis/${slug}/produits" aria-current="page" class="current">Produits</a>`,
    );
    const badge = await t.inject({
      method: "GET",
      url: api(`/public/badge.svg?company_id=${fresh.company.id}`),
    });
    expect(badge.body).toContain("★ 5,0/5");
    const productPage = await t.inject({
      method: "GET",
      url: api(`/public/reviews/?company_id=${fresh.company.id}&product_id=${fresh.productId}`),
    });
    expect(
      expectMatchesContract<{ metrics: { average_note: number | null } }>(productPage, "publicReviewsGet")
        .metrics.average_note,
    ).toBe(2);
  });

  it("tells webhooks the subject, and erasure and the 5-year expiry reach store reviews", async () => {
    t.ctx.config.outboundAllowPrivate = true;
    const endpoint = await t.inject({
      method: "POST",
      url: api("/company/webhooks/"),
      headers: shop.auth,
      payload: { url: "http://127.0.0.1:9/hook", events: ["review.submitted", "review.published"] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const erased = await orderOfTwo();
    const kept = await orderOfTwo();
    const gone = expectMatchesContract<{ id: string }>(
      await postStore(erased.keys[0] as string, { rating: 4, comment: "Je serai effacée." }),
      "storeReviewSubmit",
    );
    const old = expectMatchesContract<{ id: string }>(
      await postStore(kept.keys[0] as string, { rating: 5, comment: "Dans cinq ans." }),
      "storeReviewSubmit",
    );
    const messages = await t.ctx.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.subjectId, old.id));
    const bodies = [...(await messageBodies(t.ctx.db, t.ctx.storage, messages)).values()].map(
      (b) => JSON.parse(b) as { type: string; data: { subject: string; product: unknown } },
    );
    expect(bodies).toMatchObject([{ type: "review.submitted", data: { subject: "store", product: null } }]);

    const erasure = await t.inject({
      method: "POST",
      url: api("/company/privacy/erasures/"),
      headers: shop.auth,
      payload: { email: erased.email },
    });
    expect(erasure.statusCode, erasure.body).toBe(200);
    const [blank] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, gone.id));
    expect(blank).toMatchObject({ status: "withdrawn", comment: "", authorFirstName: "" });
    expect(blank?.erasedAt).not.toBeNull();

    await patch(old.id, { status: "approved" });
    expect((await publicJson("store")).reviews.map((r) => r.id)).toContain(old.id);
    clock.advanceDays(5 * 365 + 2);
    await runCertificationJobs(t.ctx.db, clock.now());
    const [expired] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, old.id));
    expect(expired?.status).toBe("expired");
    expect((await publicJson("store")).reviews.map((r) => r.id)).not.toContain(old.id);
  });
});
