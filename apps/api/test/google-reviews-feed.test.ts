import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { companies, reviewFiles, reviews } from "../src/db/schema";
import { reviewsChanged } from "../src/lib/reviews-changed";
import { addDays } from "../src/modules/pipeline";
import { feedLimits } from "../src/modules/seo/google-reviews-feed";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  orderWithReview,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";

const api = (path: string) => `/api/v1${path}`;
const base = new Date("2026-03-01T10:00:00Z");
const XSD = readFileSync(new URL("./fixtures/product_reviews-2.4.xsd", import.meta.url), "utf8");

async function validate(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: "feed.xml", contents: xml }],
    schema: [{ fileName: "product_reviews.xsd", contents: XSD }],
  });
  return result.errors.map((e) => e.rawMessage);
}

/**
 * Whether robots.txt lets a crawler fetch `path`, as Google reads it (RFC 9309): the rules of the
 * `User-agent: *` group, the longest matching path wins, `Allow` on a tie.
 */
function robotsAllows(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split("\n")) {
    const match = /^(allow|disallow):\s*(\S*)/i.exec(line.trim());
    if (!match?.[2] || !path.startsWith(match[2])) continue;
    const allow = match[1]?.toLowerCase() === "allow";
    if (match[2].length > best.length || (match[2].length === best.length && allow))
      best = { length: match[2].length, allow };
  }
  return best.allow;
}

const reviewIds = (xml: string) => [...xml.matchAll(/<review_id>([^<]+)<\/review_id>/g)].map((m) => m[1]);

describe.each(TEST_DATABASES)("Google product reviews feed on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let slug: string;
  let origin: string;
  let lamp: { id: string };
  let vase: { id: string };
  const feed = (headers: Record<string, string> = {}) =>
    t.inject({
      method: "GET",
      url: api(`/public/feeds/google-product-reviews.xml?company_id=${company.id}`),
      headers,
    });

  beforeAll(async () => {
    t = await createTestApp({ kind });
    origin = t.ctx.config.publicUrl;
    company = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Maison & <Aurore>" });
    auth = authHeaders(company.owner.access);
    slug = (await t.inject({ method: "GET", url: api("/company/"), headers: auth })).json().slug;
    lamp = await createProduct(t, auth, "Lampe <Opale> & co");
    const patched = await t.inject({
      method: "PATCH",
      url: api(`/company/products/${lamp.id}/`),
      headers: auth,
      payload: {
        sku: "LAMP-1",
        gtin: "4006381333931",
        brand: "Aurore & Fils",
        url: "https://boutique.exemple.fr/lampe?x=1&y=2",
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // A product without any id nor page: its public page stands for it; archived, its review stays.
    vase = await createProduct(t, auth, "Vase", "archived");
    // Newest first: the hostile review (photos, every element), a title-only one, one without any
    // text (left out), two published at the same instant (the keyset must keep both), a pending one.
    await orderWithReview(t, company.id, lamp.id, addDays(base, 5), {
      status: "approved",
      rating: 4.5,
      at: addDays(base, 5),
      title: "Très <b>belle</b> & ]]> lampe\u0001",
      comment: "Lumière <douce> & chaude ]]> \u0007\u000b\uffff fin\nLigne 2",
    });
    await orderWithReview(t, company.id, vase.id, addDays(base, 4), {
      status: "approved",
      rating: 0,
      at: addDays(base, 4),
      comment: " ",
      title: "Joli vase",
    });
    await orderWithReview(t, company.id, vase.id, addDays(base, 3), {
      status: "approved",
      rating: 3,
      at: addDays(base, 3),
      comment: "\u0002 ",
    });
    for (const comment of ["Même instant A", "Même instant B"])
      await orderWithReview(t, company.id, lamp.id, addDays(base, 2), {
        status: "approved",
        rating: 5,
        at: addDays(base, 2),
        comment,
      });
    await orderWithReview(t, company.id, lamp.id, addDays(base, 6), {
      status: "pending",
      rating: 1,
      at: addDays(base, 6),
      comment: "En attente",
    });
    const [hostile] = await t.ctx.db.select().from(reviews).where(eq(reviews.rating, "4.50"));
    await t.ctx.db
      .update(reviews)
      .set({ authorFirstName: "Zoé\u0001<", authorLastName: "&martin" })
      .where(eq(reviews.id, hostile?.id ?? ""));
    await t.ctx.db.insert(reviewFiles).values([
      {
        companyId: company.id,
        reviewId: hostile?.id ?? "",
        fieldId: "photos",
        path: `reviews/${company.id}/a.jpg`,
        mimeType: "image/jpeg",
        sizeBytes: 10,
      },
      {
        companyId: company.id,
        reviewId: hostile?.id ?? "",
        fieldId: "videos",
        path: `reviews/${company.id}/b.mp4`,
        mimeType: "video/mp4",
        sizeBytes: 10,
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    feedLimits.pageSize = 500;
    feedLimits.firstPageSize = 50;
    feedLimits.keptBytes = 4 * 1024 * 1024;
    feedLimits.minGzipBytesPerReview = 20;
  });

  it("is valid against product_reviews.xsd 2.4 with every element, hostile text made safe", async () => {
    const res = await feed();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    expect(await validate(res.body)).toEqual([]);
    const xml = res.body;
    expect(xml).toContain("<version>2.4</version>");
    expect(xml).toContain("<aggregator><name>Certavis</name></aggregator>");
    expect(xml).toContain("<publisher><name>Maison &amp; &lt;Aurore&gt;</name></publisher>");
    const [hostile] = await t.ctx.db.select().from(reviews).where(eq(reviews.rating, "4.50"));
    const first = /<review>.*?<\/review>/s.exec(xml)?.[0] ?? "";
    expect(first).toBe(
      [
        "<review>",
        `<review_id>${hostile?.id}</review_id>`,
        "<reviewer><name>Zoé&lt; &amp;.</name></reviewer>",
        // Google's 2025 fields: every review comes from an order, none is paid for, in French, from the shop's country.
        "<is_verified_purchase>true</is_verified_purchase>",
        "<is_incentivized_review>false</is_incentivized_review>",
        `<review_timestamp>${addDays(base, 5).toISOString()}</review_timestamp>`,
        "<title>Très &lt;b&gt;belle&lt;/b&gt; &amp; ]]&gt; lampe</title>",
        "<content>Lumière &lt;douce&gt; &amp; chaude ]]&gt;  fin\nLigne 2</content>",
        "<review_language>fr</review_language>",
        "<review_country>FR</review_country>",
        `<review_url type="singleton">${origin}/avis/${slug}/${hostile?.id}</review_url>`,
        `<reviewer_images><reviewer_image><url>${t.ctx.storage.url(`reviews/${company.id}/a.jpg`)}</url></reviewer_image></reviewer_images>`,
        '<ratings><overall min="1" max="5">4.5</overall></ratings>',
        "<products><product>",
        "<product_ids><gtins><gtin>4006381333931</gtin></gtins><skus><sku>LAMP-1</sku></skus><brands><brand>Aurore &amp; Fils</brand></brands></product_ids>",
        "<product_name>Lampe &lt;Opale&gt; &amp; co</product_name>",
        "<product_url>https://boutique.exemple.fr/lampe?x=1&amp;y=2</product_url>",
        "</product></products>",
        "<collection_method>post_fulfillment</collection_method>",
        "</review>",
      ].join(""),
    );
    // Title only: it is the content; a 0 rating is 1 (the scale's floor); the public page stands for the product.
    expect(xml).toContain("<content>Joli vase</content>");
    expect(xml).not.toContain("<title>Joli vase</title>");
    expect(xml).toContain('<overall min="1" max="5">1</overall>');
    expect(xml).toContain(`<product_url>${origin}/avis/${slug}/produits/${vase.id}</product_url>`);
    expect(xml).not.toContain("En attente");
    expect(reviewIds(xml)).toHaveLength(4);
    expect(xml.match(/<is_verified_purchase>true<\/is_verified_purchase>/g)).toHaveLength(4);
  });

  it("gives review_country from the shop's country; the XSD refuses a country that is not ISO 3166-1 alpha-2", async () => {
    await t.ctx.db.update(companies).set({ country: "BE" }).where(eq(companies.id, company.id));
    reviewsChanged(company.id);
    try {
      const res = await feed();
      expect(res.body.match(/<review_country>BE<\/review_country>/g)).toHaveLength(4);
      expect(res.body).not.toContain("<review_country>FR</review_country>");
      expect(await validate(res.body)).toEqual([]);
      const broken = res.body.replace(
        "<review_country>BE</review_country>",
        "<review_country>Belgique</review_country>",
      );
      expect(await validate(broken)).not.toEqual([]);
    } finally {
      await t.ctx.db.update(companies).set({ country: "FR" }).where(eq(companies.id, company.id));
      reviewsChanged(company.id);
    }
  });

  it("is not blocked by robots.txt (Google's scheduled fetch reads it); the rest of the API stays disallowed", async () => {
    const robots = (await t.inject({ method: "GET", url: "/robots.txt" })).body;
    expect(
      robotsAllows(robots, `/api/v1/public/feeds/google-product-reviews.xml?company_id=${company.id}`),
    ).toBe(true);
    expect(robotsAllows(robots, "/api/v1/public/feeds/google-merchant-reviews.xml")).toBe(true);
    expect(robotsAllows(robots, "/api/v1/company/")).toBe(false);
    expect(robotsAllows(robots, `/avis/${slug}`)).toBe(true);
  });

  it("streams page by page without losing reviews published at the same instant", async () => {
    const whole = reviewIds((await feed()).body);
    feedLimits.pageSize = 1;
    feedLimits.firstPageSize = 1;
    feedLimits.keptBytes = 0;
    const paged = await feed();
    expect(paged.headers["content-length"]).toBeUndefined();
    expect(reviewIds(paged.body)).toEqual(whole);
    // A first page smaller than the next ones (a big shop's first review sooner) loses none either.
    feedLimits.pageSize = 2;
    expect(reviewIds((await feed()).body)).toEqual(whole);
    expect(await validate(paged.body)).toEqual([]);
  });

  it("answers repeat requests from memory per ETag, gzipped too; a feed whose gzip passes the bound is streamed", async () => {
    const first = await feed();
    expect(first.headers["content-length"]).toBe(String(first.rawPayload.length));
    // Renamed behind the server's back (updated_at kept), the product leaves the ETag as it was: the
    // bytes kept for that ETag answer, not a new rendering.
    await t.ctx.db.execute(sql`UPDATE products SET name = 'Lampe renommée' WHERE id = ${lamp.id}`);
    const again = await feed();
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    const zipped = await feed({ "accept-encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(first.body);

    feedLimits.keptBytes = zipped.rawPayload.length - 1;
    const streamed = await feed();
    expect(streamed.headers.etag).toBe(first.headers.etag);
    expect(streamed.headers["content-length"]).toBeUndefined();
    expect(streamed.body).toContain("<product_name>Lampe renommée</product_name>");
    const streamedZip = await feed({ "accept-encoding": "gzip" });
    expect(gunzipSync(streamedZip.rawPayload).toString("utf8")).toBe(streamed.body);
    await t.ctx.db.execute(sql`UPDATE products SET name = 'Lampe <Opale> & co' WHERE id = ${lamp.id}`);
  });

  it("streams at once a feed of more reviews than its bound could hold, without rendering it to keep first", async () => {
    const kept = await feed({ "accept-encoding": "gzip" });
    expect(kept.headers["content-length"]).toBeDefined();
    const reviews = reviewIds(gunzipSync(kept.rawPayload).toString("utf8")).length;
    expect(reviews).toBeGreaterThan(0);
    // Its gzip fits, but the bound says that this many reviews cannot: streamed, same bytes.
    expect(kept.rawPayload.length).toBeLessThan(2 * 1024 * 1024);
    feedLimits.keptBytes = 2 * 1024 * 1024;
    feedLimits.minGzipBytesPerReview = Math.ceil(feedLimits.keptBytes / reviews) + 1;
    const streamed = await feed({ "accept-encoding": "gzip" });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(streamed.rawPayload).equals(gunzipSync(kept.rawPayload))).toBe(true);
  });

  it("keeps only the gzip of a feed too big to keep whole: both encodings from memory, same bytes as streamed", async () => {
    feedLimits.keptBytes = 0;
    const streamed = await feed();
    const streamedZip = await feed({ "accept-encoding": "gzip" });
    expect(streamed.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(streamedZip.rawPayload).equals(streamed.rawPayload)).toBe(true);
    const zippedSize = streamedZip.rawPayload.length;
    // The raw body is past the bound (alone, and with its gzip), its gzip fits.
    feedLimits.keptBytes = streamed.rawPayload.length - 1;
    expect(zippedSize).toBeLessThan(feedLimits.keptBytes);
    const plain = await feed();
    expect(plain.body).toBe(streamed.body);
    // Renamed behind the server's back (updated_at kept): only bytes kept for the ETag still say the old name.
    await t.ctx.db.execute(sql`UPDATE products SET name = 'Lampe renommée' WHERE id = ${lamp.id}`);
    try {
      const zipped = await feed({ "accept-encoding": "gzip" });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers.etag).toBe(streamed.headers.etag);
      expect(zipped.headers.vary).toBe("accept-encoding");
      expect(zipped.headers["content-length"]).toBe(String(zipped.rawPayload.length));
      expect(gunzipSync(zipped.rawPayload).equals(streamed.rawPayload)).toBe(true);
      const inflated = await feed();
      expect(inflated.statusCode).toBe(200);
      expect(inflated.headers["content-encoding"]).toBeUndefined();
      expect(inflated.headers.etag).toBe(streamed.headers.etag);
      expect(inflated.rawPayload.equals(streamed.rawPayload)).toBe(true);
      expect((await feed({ "if-none-match": String(streamed.headers.etag) })).statusCode).toBe(304);
    } finally {
      await t.ctx.db.execute(sql`UPDATE products SET name = 'Lampe <Opale> & co' WHERE id = ${lamp.id}`);
    }
  });

  it("answers 304 to its ETag until the reviews change, gzips when asked, 404s a hidden or unknown company", async () => {
    const res = await feed();
    const etag = String(res.headers.etag);
    expect((await feed({ "if-none-match": etag })).statusCode).toBe(304);

    const zipped = await feed({ "accept-encoding": "br;q=1, gzip;q=0.8" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("accept-encoding");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(res.body);
    expect((await feed({ "accept-encoding": "gzip;q=0" })).headers["content-encoding"]).toBeUndefined();

    await t.ctx.db
      .update(reviews)
      .set({ status: "approved", moderatedAt: addDays(base, 7) })
      .where(eq(reviews.status, "pending"));
    reviewsChanged(company.id);
    const after = await feed({ "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toContain("En attente");

    await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: auth,
      payload: { public_page: false },
    });
    expect((await feed()).statusCode).toBe(404);
    await t.inject({ method: "PATCH", url: api("/company/"), headers: auth, payload: { public_page: true } });
    const unknown = await t.inject({
      method: "GET",
      url: api("/public/feeds/google-product-reviews.xml?company_id=00000000-0000-4000-8000-000000000000"),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.inject({
      method: "GET",
      url: api("/public/feeds/google-product-reviews.xml?company_id=x"),
    });
    expect(bad.statusCode).toBe(400);
  });
});
