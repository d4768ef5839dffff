import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { companies, products, reviews } from "../src/db/schema";
import { reviewsChanged } from "../src/lib/reviews-changed";
import { addDays } from "../src/modules/pipeline";
import { sitemapLimits } from "../src/modules/seo/sitemap";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";

const api = (path: string) => `/api/v1${path}`;
const base = new Date("2026-02-01T10:00:00Z");

/** The ids of the reviews a page shows, in order. */
const anchors = (html: string) => [...html.matchAll(/<article id="avis-([0-9a-f-]+)"/g)].map((m) => m[1]);

describe.each(TEST_DATABASES)("public review pages on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let slug: string;
  let lamp: { id: string };
  let pendingId: string;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    origin = t.ctx.config.publicUrl;
    company = await createCompanyFor(t, await registerVerifiedUser(t), {
      name: "Maison Aurore",
      planType: "CROISSANCE",
    });
    auth = authHeaders(company.owner.access);
    slug = (await t.inject({ method: "GET", url: api("/company/"), headers: auth })).json().slug;
    lamp = await createProduct(t, auth, "Lampe <Opale>");
    await t.inject({
      method: "PATCH",
      url: api(`/company/products/${lamp.id}/`),
      headers: auth,
      payload: { sku: "LAMP-1", gtin: "4006381333931", brand: "Aurore & Fils" },
    });
    // 22 approved reviews: 12 × 5, 6 × 4, 4 × 1, the newest last; one pending, one rejected.
    for (let i = 0; i < 22; i++)
      await orderWithReview(t, company.id, lamp.id, addDays(base, i), {
        status: "approved",
        rating: i < 12 ? 5 : i < 18 ? 4 : 1,
        at: addDays(base, i),
      });
    await orderWithReview(t, company.id, lamp.id, addDays(base, 30), {
      status: "rejected",
      rating: 1,
      at: addDays(base, 30),
      comment: "Rejeté",
    });
    await orderWithReview(t, company.id, lamp.id, addDays(base, 31), {
      status: "pending",
      rating: 2,
      at: addDays(base, 31),
      comment: "En attente",
    });
    const [pending] = await t.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.status, "pending"));
    pendingId = pending?.id ?? "";
    await t.ctx.db
      .update(reviews)
      .set({ replyBody: "Merci <Léa> !", replyCreatedAt: addDays(base, 25) })
      .where(eq(reviews.comment, "Avis 22"));
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    sitemapLimits.urlsPerFile = 50_000;
  });

  it("shows the company's approved reviews, 20 a page newest first, with distribution, filter and links", async () => {
    const res = await t.inject({ method: "GET", url: `/avis/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    const html = res.body;
    expect(html).toContain("<title>Avis clients de Maison Aurore : avis vérifiés</title>");
    expect(html).toContain(
      '<meta name="description" content="Maison Aurore : note moyenne de 4,0/5 sur 22 avis clients vérifiés, collectés après commande par Certavis."/>',
    );
    expect(html).toContain(`<link rel="canonical" href="${origin}/avis/${slug}"/>`);
    expect(html).toContain(`<link rel="next" href="${origin}/avis/${slug}?page=2"/>`);
    expect(html).toContain(
      '<meta property="og:title" content="Avis clients de Maison Aurore : avis vérifiés"/>',
    );
    expect(anchors(html)).toHaveLength(20);
    expect(html).toContain("Avis 22");
    expect(html).not.toContain("Avis 2<");
    expect(html).not.toContain("En attente");
    expect(html).not.toContain("Rejeté");
    expect(html).not.toContain("Bernard");
    expect(html).toContain("Léa B.");
    expect(html).toContain("Avis vérifié");
    expect(html).toMatch(
      /Avis 22<\/p>.*?<strong>Réponse de l&#x27;entreprise<\/strong>.*?<p>Merci &lt;Léa&gt; !<\/p>/s,
    );
    expect(html).toContain("Produit : Lampe &lt;Opale&gt;");
    expect(html).toContain(`/widget/fonctionnement?company_id=${company.id}`);
    // Distribution 5 → 1 with counts and a filter link each (none for an empty row).
    expect(html).toMatch(/aria-label="Voir les avis 5 étoiles">5 étoiles<\/a>.*?<span>12<\/span>/s);
    expect(html).toMatch(/>2 étoiles<span class="bar".*?<span>0<\/span>/s);

    const second = await t.inject({ method: "GET", url: `/avis/${slug}?page=2` });
    expect(anchors(second.body)).toHaveLength(2);
    expect(second.body).toContain(`<link rel="prev" href="${origin}/avis/${slug}"/>`);
    expect(second.body).toContain("Page 2 sur 2");
    expect((await t.inject({ method: "GET", url: `/avis/${slug}?page=3` })).statusCode).toBe(404);

    const ones = await t.inject({ method: "GET", url: `/avis/${slug}?note=1` });
    expect(anchors(ones.body)).toHaveLength(4);
    expect(ones.body).toContain("Avis 1 étoile seulement");
    expect(ones.body).toContain(`<link rel="canonical" href="${origin}/avis/${slug}?note=1"/>`);
  });

  it("gives the product page its Product JSON-LD with ids, and 404s what is not public", async () => {
    const res = await t.inject({ method: "GET", url: `/avis/${slug}/produits/${lamp.id}` });
    expect(res.statusCode).toBe(200);
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)?.[1] ?? "";
    const ld = JSON.parse(script);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Lampe <Opale>",
      sku: "LAMP-1",
      gtin: "4006381333931",
      brand: { "@type": "Brand", name: "Aurore & Fils" },
      url: `${origin}/avis/${slug}/produits/${lamp.id}`,
      aggregateRating: { "@type": "AggregateRating", reviewCount: 22, ratingValue: 4 },
    });
    expect(ld.review).toHaveLength(10);
    expect(res.body).toContain("<h1>Avis sur Lampe &lt;Opale&gt;</h1>");

    const draft = await createProduct(t, auth, "Brouillon", "draft");
    const archived = await createProduct(t, auth, "Ancienne", "archived");
    for (const url of [
      "/avis/inconnue",
      `/avis/${slug}/produits/${draft.id}`,
      `/avis/${slug}/produits/${archived.id}`,
      `/avis/${slug}/produits/pas-un-id`,
    ]) {
      const missing = await t.inject({ method: "GET", url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain("<h1>Page introuvable</h1>");
    }
    // An archived product, or one put back to draft, keeps its page for the reviews it has.
    for (const status of ["archived", "draft"]) {
      await t.ctx.db.update(products).set({ status }).where(eq(products.id, lamp.id));
      const kept = await t.inject({ method: "GET", url: `/avis/${slug}/produits/${lamp.id}` });
      expect(kept.statusCode, status).toBe(200);
    }
    await t.ctx.db.update(products).set({ status: "active" }).where(eq(products.id, lamp.id));
  });

  it("gives each published review its own page with a Review JSON-LD; 404 for any other", async () => {
    const [reviewed] = await t.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.comment, "Avis 22"));
    const id = reviewed?.id ?? "";
    const res = await t.inject({ method: "GET", url: `/avis/${slug}/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    expect(res.body).toContain(`<link rel="canonical" href="${origin}/avis/${slug}/${id}"/>`);
    expect(res.body).toContain("<title>Avis de Léa B. sur Lampe &lt;Opale&gt; · Maison Aurore</title>");
    expect(anchors(res.body)).toEqual([id]);
    expect(res.body).toContain("<p>Avis 22</p>");
    expect(res.body).toMatch(/<strong>Réponse de l&#x27;entreprise<\/strong>.*?<p>Merci &lt;Léa&gt; !<\/p>/s);
    expect(res.body).toContain(`href="/avis/${slug}/produits/${lamp.id}"`);
    expect(res.body).toContain(`href="/avis/${slug}"`);
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)?.[1] ?? "";
    expect(JSON.parse(script)).toEqual({
      "@context": "https://schema.org",
      "@type": "Review",
      itemReviewed: {
        "@type": "Product",
        name: "Lampe <Opale>",
        sku: "LAMP-1",
        gtin: "4006381333931",
        brand: { "@type": "Brand", name: "Aurore & Fils" },
        url: `${origin}/avis/${slug}/produits/${lamp.id}`,
      },
      author: { "@type": "Person", name: "Léa B." },
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reviewBody: "Avis 22",
      reviewRating: { "@type": "Rating", ratingValue: 1, bestRating: 5, worstRating: 0 },
      publisher: { "@type": "Organization", name: "Maison Aurore" },
    });
    const other = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Maison Voisine" });
    const otherSlug = (
      await t.inject({ method: "GET", url: api("/company/"), headers: authHeaders(other.owner.access) })
    ).json().slug;
    for (const url of [
      `/avis/${slug}/${pendingId}`,
      `/avis/${slug}/6f1c2b9e-2d4a-4c1e-9b7e-1a2b3c4d5e6f`,
      `/avis/${slug}/pas-un-id`,
      `/avis/${otherSlug}/${id}`,
    ]) {
      const missing = await t.inject({ method: "GET", url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain("<h1>Page introuvable</h1>");
    }
    // Out of the sitemap the next test reads.
    await t.ctx.db.update(companies).set({ publicPage: false }).where(eq(companies.id, other.id));
  });

  it("answers 304 while unchanged; a moderation or a hidden page shows at once", async () => {
    const first = await t.inject({ method: "GET", url: `/avis/${slug}` });
    const etag = String(first.headers.etag);
    const same = await t.inject({ method: "GET", url: `/avis/${slug}`, headers: { "if-none-match": etag } });
    expect(same.statusCode).toBe(304);
    const approved = await t.inject({
      method: "PATCH",
      url: api(`/company/reviews/${pendingId}/`),
      headers: auth,
      payload: { status: "approved" },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await t.inject({ method: "GET", url: `/avis/${slug}`, headers: { "if-none-match": etag } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("En attente");
    expect(after.body).toContain("23 avis");

    await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: auth,
      payload: { public_page: false },
    });
    expect((await t.inject({ method: "GET", url: `/avis/${slug}` })).statusCode).toBe(404);
    const sitemap = await t.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.body).not.toContain(`/avis/${slug}<`);
    await t.inject({ method: "PATCH", url: api("/company/"), headers: auth, payload: { public_page: true } });
  });

  it("lists every public page in /sitemap.xml with lastmod, split in an index past the limit; robots points to it", async () => {
    const res = await t.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
    expect(locs.map((m) => m[1])).toEqual([
      `${origin}/avis/${slug}`,
      `${origin}/avis/${slug}/produits/${lamp.id}`,
    ]);
    expect(locs[0]?.[2]).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    sitemapLimits.urlsPerFile = 1;
    const other = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Autre Maison" });
    // A change of a company (here its page switched on again) refreshes the sitemap at once.
    await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: authHeaders(other.owner.access),
      payload: { public_page: true },
    });
    const index = await t.inject({ method: "GET", url: "/sitemap.xml" });
    expect(index.body).toContain("<sitemapindex");
    expect([...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${origin}/sitemaps/1.xml`,
      `${origin}/sitemaps/2.xml`,
      `${origin}/sitemaps/3.xml`,
    ]);
    const part = await t.inject({ method: "GET", url: "/sitemaps/3.xml" });
    expect(part.body).toContain("<urlset");
    expect((await t.inject({ method: "GET", url: "/sitemaps/4.xml" })).statusCode).toBe(404);
    expect(other.id).not.toBe(company.id);

    const robots = await t.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it("gives a listing page's stars in one request, keyed by sku or product id, cacheable a minute", async () => {
    const bare = await createProduct(t, auth, "Sans avis");
    const url = (query: string) => api(`/public/ratings/?company_id=${company.id}&${query}`);
    const bySku = await t.inject({ method: "GET", url: url("skus=LAMP-1,INCONNU") });
    expect(bySku.statusCode, bySku.body).toBe(200);
    expect(expectMatchesContract(bySku, "publicRatingsGet")).toEqual({
      ratings: { "LAMP-1": { average: 3.9, count: 23 } },
    });
    expect(bySku.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(bySku.headers["access-control-allow-origin"]).toBe("*");
    const again = await t.inject({
      method: "GET",
      url: url("skus=INCONNU,LAMP-1"),
      headers: { "if-none-match": String(bySku.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const byId = await t.inject({ method: "GET", url: url(`product_ids=${lamp.id},${bare.id}`) });
    expect(expectMatchesContract(byId, "publicRatingsGet")).toEqual({
      ratings: { [lamp.id]: { average: 3.9, count: 23 } },
    });
    const tooMany = await t.inject({
      method: "GET",
      url: url(`skus=${Array.from({ length: 101 }, (_, i) => `S${i}`).join(",")}`),
    });
    expect(expectMatchesContract(tooMany, "publicRatingsGet")).toEqual({
      skus: ["Indiquez au plus 100 produits."],
    });
    const both = await t.inject({ method: "GET", url: url(`skus=A&product_ids=${lamp.id}`) });
    expect(expectMatchesContract(both, "publicRatingsGet")).toEqual({
      non_field_errors: ["Indiquez soit skus, soit product_ids (séparés par des virgules)."],
    });
    const badId = await t.inject({ method: "GET", url: url("product_ids=pas-un-id") });
    expect(badId.statusCode).toBe(400);
  });

  it("draws the badge as an SVG with its title text, revalidated by every visitor", async () => {
    const res = await t.inject({ method: "GET", url: api(`/public/badge.svg?company_id=${company.id}`) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    expect(res.body).toContain(
      '<title id="certavis-badge-title">Maison Aurore : 3,9 sur 5, 23 avis vérifiés par Certavis</title>',
    );
    expect(res.body).toContain(">Avis vérifiés<");
    expect(res.body).toContain(">23 avis<");
    expect(res.body).toContain(">Certavis<");
    expect(res.body).not.toContain("<script");
    // A product back to draft keeps its published reviews in the badge (ARCHITECTURE §10.12).
    await t.inject({
      method: "PATCH",
      url: api(`/company/products/${lamp.id}/`),
      headers: auth,
      payload: { status: "draft" },
    });
    const draft = await t.inject({ method: "GET", url: api(`/public/badge.svg?company_id=${company.id}`) });
    expect(draft.body).toContain(">23 avis<");
    const missing = await t.inject({
      method: "GET",
      url: api("/public/badge.svg?company_id=6f1c2b9e-2d4a-4c1e-9b7e-1a2b3c4d5e6f"),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("gives no badge for a company whose public page is off", async () => {
    const badge = () => t.inject({ method: "GET", url: api(`/public/badge.svg?company_id=${company.id}`) });
    expect((await badge()).statusCode).toBe(200);
    await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: auth,
      payload: { public_page: false },
    });
    try {
      const hidden = await badge();
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).not.toContain("avis");
    } finally {
      await t.inject({
        method: "PATCH",
        url: api("/company/"),
        headers: auth,
        payload: { public_page: true },
      });
    }
    expect((await badge()).statusCode).toBe(200);
  });

  it("keeps the badge well-formed XML whatever control characters a company's name holds", async () => {
    const other = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Ombre" });
    const name = "Maison\u0001 \u0008Aurore\u001b & <Fils>\uffff";
    await t.ctx.db.update(companies).set({ name }).where(eq(companies.id, other.id));
    const res = await t.inject({ method: "GET", url: api(`/public/badge.svg?company_id=${other.id}`) });
    expect(res.statusCode).toBe(200);
    const parsed = await validateXML({
      xml: [{ fileName: "badge.svg", contents: res.body }],
      normalization: "format",
    });
    expect(parsed.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(res.body).toContain(
      '<title id="certavis-badge-title">Maison Aurore &amp; &lt;Fils&gt; : avis vérifiés par Certavis</title>',
    );
  });
});

/** The sitemap's files and the feed cost queries on large sites: kept painted, and limited per IP. */
describe.each(TEST_DATABASES)("sitemap files and the feed under load on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { rateLimitPerIp: 3 } });
  });
  afterAll(async () => {
    sitemapLimits.urlsPerFile = 50_000;
    await t?.close();
  });

  it("serves /sitemaps/{n}.xml from the body cache until a change, then 429 past the per-IP limit", async () => {
    const company = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Maison Cache" });
    await createCompanyFor(t, await registerVerifiedUser(t), { name: "Maison Seconde" });
    sitemapLimits.urlsPerFile = 1;
    const part = () => t.inject({ method: "GET", url: "/sitemaps/1.xml" });
    const first = await part();
    expect(first.statusCode).toBe(200);
    const [loc] = [...first.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // A change the server does not hear of (another instance's, straight in the database) waits for the cache.
    const slug = (loc ?? "").slice((loc ?? "").lastIndexOf("/") + 1);
    const [shown] = await t.ctx.db
      .update(companies)
      .set({ slug: `${slug}-renommee` })
      .where(eq(companies.slug, slug))
      .returning({ id: companies.id });
    expect((await part()).body).toContain(`<loc>${loc}</loc>`);
    reviewsChanged(shown?.id ?? "");
    const after = await part();
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(`<loc>${loc}-renommee</loc>`);
    const limited = await part();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: expect.stringMatching(/^Trop de requêtes/) });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    const feed = () =>
      t.inject({
        method: "GET",
        url: `/api/v1/public/feeds/google-product-reviews.xml?company_id=${company.id}`,
      });
    for (let i = 0; i < 3; i++) expect((await feed()).statusCode).toBe(200);
    expect((await feed()).statusCode).toBe(429);
  });
});
