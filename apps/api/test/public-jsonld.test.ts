import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, manualClock } from "../src/modules/pipeline";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  type ReviewRow,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";

const api = (path: string) => `/api/v1${path}`;
const clock = manualClock(new Date("2026-03-11T15:00:00Z"));
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Rating {
  "@type": string;
  ratingValue: number;
  bestRating: number;
  worstRating: number;
}
interface JsonLdProduct {
  "@context": string;
  "@type": string;
  name: string;
  aggregateRating?: Rating & { reviewCount: number };
  review?: {
    "@type": string;
    author: { "@type": string; name: string };
    datePublished: string;
    name?: string;
    reviewBody?: string;
    reviewRating: Rating;
  }[];
}

/**
 * What schema.org and Google's review snippets require of a `Product` with reviews: the types, a
 * name, an aggregate within its scale with a positive count, and per review an author `Person` with a
 * name, an ISO date and a rating within its scale.
 */
function expectValidSchemaOrgProduct(ld: JsonLdProduct) {
  expect(ld["@context"]).toBe("https://schema.org");
  expect(ld["@type"]).toBe("Product");
  expect(ld.name.trim()).not.toBe("");
  const inScale = (r: Rating) => {
    expect(r.bestRating).toBe(5);
    expect(r.worstRating).toBe(0);
    expect(r.ratingValue).toBeGreaterThanOrEqual(r.worstRating);
    expect(r.ratingValue).toBeLessThanOrEqual(r.bestRating);
  };
  if (ld.aggregateRating) {
    expect(ld.aggregateRating["@type"]).toBe("AggregateRating");
    expect(Number.isInteger(ld.aggregateRating.reviewCount)).toBe(true);
    expect(ld.aggregateRating.reviewCount).toBeGreaterThan(0);
    inScale(ld.aggregateRating);
  }
  for (const review of ld.review ?? []) {
    expect(review["@type"]).toBe("Review");
    expect(review.author["@type"]).toBe("Person");
    expect(review.author.name.trim()).not.toBe("");
    expect(review.datePublished).toMatch(ISO_DATE);
    expect(Number.isNaN(Date.parse(review.datePublished))).toBe(false);
    expect(review.reviewRating["@type"]).toBe("Rating");
    inScale(review.reviewRating);
  }
}

describe.each(TEST_DATABASES)("GET /public/reviews/jsonld/ on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    auth = authHeaders(company.owner.access);
  });
  afterAll(async () => {
    await t?.close();
  });

  const product = (name: string, status = "active") => createProduct(t, auth, name, status);
  const review = (productId: string, row: ReviewRow) =>
    orderWithReview(t, company.id, productId, row.at, row);

  const url = (productId: string) =>
    api(`/public/reviews/jsonld/?company_id=${company.id}&product_id=${productId}`);

  it("describes the product with its approved reviews only, authors as in the widget, cacheable by anyone", async () => {
    const lamp = await product("Lampe Aurore");
    const base = new Date("2026-02-01T10:00:00Z");
    for (let i = 0; i < 11; i++)
      await review(lamp.id, { status: "approved", rating: i < 10 ? 4 : 5, at: addDays(base, i) });
    await review(lamp.id, { status: "pending", rating: 1, at: addDays(base, 20), comment: "En attente" });
    await review(lamp.id, { status: "rejected", rating: 1, at: addDays(base, 21), comment: "Rejeté" });

    const res = await t.inject({
      method: "GET",
      url: url(lamp.id),
      headers: { origin: "https://boutique.example" },
    });
    expectMatchesContract(res, "publicReviewsJsonLd");
    expect(res.headers["content-type"]).toBe("application/ld+json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const ld = JSON.parse(res.body) as JsonLdProduct;
    expectValidSchemaOrgProduct(ld);
    expect(ld.name).toBe("Lampe Aurore");
    // 10 × 4 and 1 × 5 approved: 45 / 11 = 4.09; pending and rejected ones never count.
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.09,
      reviewCount: 11,
      bestRating: 5,
      worstRating: 0,
    });
    expect(ld.review).toHaveLength(10);
    expect(ld.review?.[0]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Léa B." },
      datePublished: "2026-02-11",
      reviewBody: "Avis 11",
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 0 },
    });
    expect(res.body).not.toContain("Bernard");
    expect(res.body).not.toContain("@exemple.fr");
    expect(res.body).not.toContain("En attente");
    expect(res.body).not.toContain("Rejeté");

    const again = await t.inject({
      method: "GET",
      url: url(lamp.id),
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("escapes hostile review text so it cannot close the script element, and keeps its value", async () => {
    const vase = await product("Vase <b>Lune</b>");
    const hostile = `</script><script>alert("x")</script><!-- & \u2028`;
    await review(vase.id, {
      status: "approved",
      rating: 1,
      at: new Date("2026-03-01T09:00:00Z"),
      comment: hostile,
      title: "</SCRIPT>",
    });
    const res = await t.inject({ method: "GET", url: url(vase.id) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/[<>&\u2028\u2029]/);
    const page = `<script type="application/ld+json">${res.body}</script>`;
    expect(page.match(/<\/script/gi)).toHaveLength(1);
    const ld = JSON.parse(res.body) as JsonLdProduct;
    expectValidSchemaOrgProduct(ld);
    expect(ld.name).toBe("Vase <b>Lune</b>");
    expect(ld.review?.[0]?.reviewBody).toBe(hostile.trim());
    expect(ld.review?.[0]?.name).toBe("</SCRIPT>");
  });

  it("gives a product without approved reviews no aggregateRating and no review", async () => {
    const bare = await product("Applique Nova");
    await review(bare.id, { status: "pending", rating: 5, at: new Date("2026-03-02T09:00:00Z") });
    const res = await t.inject({ method: "GET", url: url(bare.id) });
    expectMatchesContract(res, "publicReviewsJsonLd");
    expect(JSON.parse(res.body)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Applique Nova",
    });
  });

  it("answers 404 for a draft or unknown product and 400 without a product", async () => {
    const draft = await product("Brouillon", "draft");
    const notActive = await t.inject({ method: "GET", url: url(draft.id) });
    expect(notActive.statusCode).toBe(404);
    expectMatchesContract(notActive, "publicReviewsJsonLd");
    const unknown = await t.inject({ method: "GET", url: url("6f1c2b9e-2d4a-4c1e-9b7e-1a2b3c4d5e6f") });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.inject({
      method: "GET",
      url: api(`/public/reviews/jsonld/?company_id=${company.id}`),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).not.toMatch(/stack|Error:/);
  });
});
