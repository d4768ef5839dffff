import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { companies, emailDeliveries, reviews } from "../src/db/schema";
import { reviewsChanged } from "../src/lib/reviews-changed";
import { addDays } from "../src/modules/pipeline";
import { merchantFeedLimits } from "../src/modules/seo/google-merchant-feed";
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
const FEED = api("/public/feeds/google-merchant-reviews.xml");
const XSD = readFileSync(new URL("./fixtures/merchant_reviews-5.0.xsd", import.meta.url), "utf8");

async function validate(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: "feed.xml", contents: xml }],
    schema: [{ fileName: "merchant_reviews.xsd", contents: XSD }],
  });
  return result.errors.map((e) => e.rawMessage);
}

const ids = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element} id="([^"]+)"`, "g"))].map((m) => m[1]);
const mids = (xml: string) => [...xml.matchAll(/<review id="[^"]+" mid="([^"]+)"/g)].map((m) => m[1]);

interface StoreReview {
  /** When the request e-mail went (null: never sent). */
  sentAt: Date | null;
  writtenAt: Date;
  status?: string;
  rating?: number;
  title?: string;
  comment?: string;
  firstName?: string;
  lastName?: string;
  withdrawnAt?: Date;
  erasedAt?: Date;
  expiredAt?: Date;
}

describe.each(TEST_DATABASES)("Google store-ratings feed (Merchant Review Feeds 5.0) on %s", (kind) => {
  let t: TestApp;
  let shop: TestCompany;
  let hidden: TestCompany;
  let selfModerated: TestCompany;
  let leaving: TestCompany;
  let auth: Record<string, string>;
  let slug: string;
  let origin: string;
  const now = new Date();
  const base = addDays(now, -120);
  const reviewIds: Record<string, string> = {};

  /** An order of `productId` whose request e-mail went at `sentAt`, and its store review. */
  async function storeReview(company: TestCompany, productId: string, review: StoreReview): Promise<string> {
    const order = await orderWithReview(t, company.id, productId, addDays(review.sentAt ?? base, -3));
    if (review.sentAt)
      await t.ctx.db
        .update(emailDeliveries)
        .set({ status: "sent", sentAt: review.sentAt })
        .where(and(eq(emailDeliveries.orderId, order.id), eq(emailDeliveries.kind, "request")));
    const [row] = await t.ctx.db
      .insert(reviews)
      .values({
        companyId: company.id,
        subject: "store",
        productId: null,
        orderId: order.id,
        rating: (review.rating ?? 5).toFixed(2),
        title: review.title ?? "",
        comment: review.comment ?? "",
        authorFirstName: review.firstName ?? "Léa",
        authorLastName: review.lastName ?? "Bernard",
        status: review.status ?? "approved",
        createdAt: review.writtenAt,
        withdrawnAt: review.withdrawnAt,
        erasedAt: review.erasedAt,
        expiredAt: review.expiredAt,
      })
      .returning({ id: reviews.id });
    if (!row) throw new Error("store review not created");
    return row.id;
  }

  const feed = (query = "", headers: Record<string, string> = {}) =>
    t.inject({ method: "GET", url: `${FEED}${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ kind });
    origin = t.ctx.config.publicUrl;
    shop = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Maison & <Aurore> 🏺" });
    auth = authHeaders(shop.owner.access);
    const patched = await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: auth,
      payload: { website: "https://boutique.exemple.fr/?a=1&b=2" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    slug = patched.json().slug;
    const lamp = await createProduct(t, auth, "Lampe");
    reviewIds.hostile = await storeReview(shop, lamp.id, {
      sentAt: base,
      writtenAt: addDays(base, 2),
      rating: 4,
      title: "Très <b>bien</b> & ]]> \u0001",
      comment: "Livraison <rapide> & soignée 😀\u0007\uffff fin\nLigne 2",
      firstName: "Zoé\u0001<",
      lastName: "&martin",
    });
    reviewIds.ratingOnly = await storeReview(shop, lamp.id, { sentAt: base, writtenAt: addDays(base, 89) });
    reviewIds.late = await storeReview(shop, lamp.id, { sentAt: base, writtenAt: addDays(base, 91) });
    reviewIds.unsent = await storeReview(shop, lamp.id, { sentAt: null, writtenAt: addDays(base, 1) });
    reviewIds.pending = await storeReview(shop, lamp.id, {
      sentAt: base,
      writtenAt: addDays(base, 1),
      status: "pending",
    });
    reviewIds.withdrawn = await storeReview(shop, lamp.id, {
      sentAt: base,
      writtenAt: addDays(base, 1),
      status: "withdrawn",
      withdrawnAt: addDays(base, 5),
    });
    reviewIds.erased = await storeReview(shop, lamp.id, {
      sentAt: base,
      writtenAt: addDays(base, 1),
      status: "withdrawn",
      comment: "",
      firstName: "",
      lastName: "",
      withdrawnAt: addDays(base, 6),
      erasedAt: addDays(base, 6),
    });
    reviewIds.expired = await storeReview(shop, lamp.id, {
      sentAt: base,
      writtenAt: addDays(base, 1),
      status: "expired",
      expiredAt: addDays(base, 7),
    });
    // A product review: never in the store-ratings feed.
    await orderWithReview(t, shop.id, lamp.id, base, {
      status: "approved",
      rating: 5,
      at: addDays(base, 1),
      comment: "Avis produit",
    });

    hidden = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Cachée" });
    const hiddenAuth = authHeaders(hidden.owner.access);
    const vase = await createProduct(t, hiddenAuth, "Vase");
    reviewIds.hidden = await storeReview(hidden, vase.id, { sentAt: base, writtenAt: addDays(base, 1) });
    await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: hiddenAuth,
      payload: { public_page: false },
    });

    leaving = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Partie" });
    const leavingAuth = authHeaders(leaving.owner.access);
    const bowl = await createProduct(t, leavingAuth, "Bol");
    await storeReview(leaving, bowl.id, { sentAt: base, writtenAt: addDays(base, 1) });
    const deleted = await t.inject({
      method: "DELETE",
      url: api("/company/"),
      headers: leavingAuth,
      payload: { password: leaving.owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    // Google's partners moderate themselves (ARCHITECTURE §10.19): only companies moderated by Certavis
    // are merchants; a shop that moderates its own reviews is not one.
    await t.ctx.db.update(companies).set({ moderation: "certavis" });
    selfModerated = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Auto-modérée" });
    const cup = await createProduct(t, authHeaders(selfModerated.owner.access), "Tasse");
    await storeReview(selfModerated, cup.id, { sentAt: base, writtenAt: addDays(base, 1) });
    // A company without store reviews is no merchant.
    await createCompanyFor(t, await registerVerifiedUser(t), { name: "Sans avis" });
    // The shop's last change is old: `since` reads only what happened after it.
    await t.ctx.db.update(companies).set({ updatedAt: base }).where(eq(companies.id, shop.id));
    reviewsChanged(shop.id);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    merchantFeedLimits.pageSize = 500;
    merchantFeedLimits.firstPageSize = 50;
    merchantFeedLimits.batchRows = 5000;
  });

  it("is valid against merchant_reviews.xsd 5.0: merchants, companies that left, reviews within 90 days of their e-mail, deletions; hostile text made safe", async () => {
    const res = await feed();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    const xml = res.body;
    expect(await validate(xml)).toEqual([]);
    expect(xml).toContain('<feed xmlns="http://schemas.google.com/merchant_reviews/5.0"');

    expect(ids(xml, "merchant")).toEqual([shop.id]);
    const [created] = await t.ctx.db
      .select({ at: companies.createdAt })
      .from(companies)
      .where(eq(companies.id, shop.id));
    expect(/<merchant id=[^>]+>.*?<\/merchant>/s.exec(xml)?.[0]).toBe(
      [
        `<merchant id="${shop.id}">`,
        "<name>Maison &amp; &lt;Aurore&gt; 🏺</name>",
        "<merchant_url>https://boutique.exemple.fr/?a=1&amp;b=2</merchant_url>",
        `<rating_url>${origin}/avis/${slug}</rating_url>`,
        `<create_timestamp>${created?.at.toISOString()}</create_timestamp>`,
        `<last_update_timestamp>${base.toISOString()}</last_update_timestamp>`,
        "</merchant>",
      ].join(""),
    );
    expect(ids(xml, "deleted_merchant").sort()).toEqual([hidden.id, leaving.id].sort());
    // A shop moderating its own reviews is not in the feed (ARCHITECTURE §10.19).
    expect(xml).not.toContain(selfModerated.id);

    // Published, and written within 90 days of the request e-mail: the late one, the one never
    // invited, the pending one and the product review are left out.
    expect(ids(xml, "review")).toEqual([reviewIds.hostile, reviewIds.ratingOnly]);
    expect(mids(xml)).toEqual([shop.id, shop.id]);
    expect(xml).not.toContain("Avis produit");
    expect(/<review id=[^>]+>.*?<\/review>/s.exec(xml)?.[0]).toBe(
      [
        `<review id="${reviewIds.hostile}" mid="${shop.id}">`,
        "<reviewer_name>Zoé&lt; &amp;.</reviewer_name>",
        `<create_timestamp>${addDays(base, 2).toISOString()}</create_timestamp>`,
        `<last_update_timestamp>${addDays(base, 2).toISOString()}</last_update_timestamp>`,
        "<country_code>FR</country_code>",
        "<title>Très &lt;b&gt;bien&lt;/b&gt; &amp; ]]&gt;</title>",
        "<content>Livraison &lt;rapide&gt; &amp; soignée 😀 fin\nLigne 2</content>",
        '<ratings><overall min="1" max="5">4</overall></ratings>',
        "<collection_method>after_fulfillment</collection_method>",
        "</review>",
      ].join(""),
    );
    // A rating without any text: the content is there, empty (as Google's sample has it).
    expect(xml).toContain(
      `<review id="${reviewIds.ratingOnly}" mid="${shop.id}"><reviewer_name>Léa B.</reviewer_name>`,
    );
    expect(xml).toMatch(new RegExp(`<review id="${reviewIds.ratingOnly}"[^]*?<content></content>`));

    // Withdrawn, erased, expired: deleted, with the time they left.
    expect(ids(xml, "deleted_review").sort()).toEqual(
      [reviewIds.withdrawn, reviewIds.erased, reviewIds.expired].sort(),
    );
    expect(xml).toContain(
      `<deleted_review id="${reviewIds.erased}"><last_update_timestamp>${addDays(base, 6).toISOString()}</last_update_timestamp></deleted_review>`,
    );
    expect(xml).toContain(
      `<deleted_review id="${reviewIds.expired}"><last_update_timestamp>${addDays(base, 7).toISOString()}</last_update_timestamp></deleted_review>`,
    );
  });

  it("streams by keyset pages: the same feed a page of companies at once, or one row per statement", async () => {
    const whole = (await feed()).body;
    merchantFeedLimits.pageSize = 1;
    const paged = await feed();
    expect(paged.headers["content-length"]).toBeUndefined();
    expect(paged.body).toBe(whole);
    // Companies holding more than `batchRows` reviews are read one by one, by keyset.
    merchantFeedLimits.batchRows = 1;
    expect((await feed()).body).toBe(whole);
    merchantFeedLimits.firstPageSize = 1;
    expect((await feed()).body).toBe(whole);
    merchantFeedLimits.pageSize = 500;
    expect((await feed()).body).toBe(whole);
    expect((await feed(`?since=${encodeURIComponent(addDays(base, 5.5).toISOString())}`)).body).toContain(
      `<review id="${reviewIds.ratingOnly}"`,
    );
  });

  it("gives what changed after ?since= only, and one company's feed with ?company_id=", async () => {
    const since = await feed(`?since=${encodeURIComponent(addDays(base, 5.5).toISOString())}`);
    expect(since.statusCode, since.body).toBe(200);
    expect(await validate(since.body)).toEqual([]);
    // Reviews published before it are left out, as is the withdrawal of day 5; the shop is there for its review.
    expect(ids(since.body, "review")).toEqual([reviewIds.ratingOnly]);
    expect(ids(since.body, "merchant")).toEqual([shop.id]);
    expect(ids(since.body, "deleted_review").sort()).toEqual([reviewIds.erased, reviewIds.expired].sort());
    expect(ids(since.body, "deleted_merchant").sort()).toEqual([hidden.id, leaving.id].sort());
    const later = await feed(`?since=${encodeURIComponent(now.toISOString())}`);
    expect(ids(later.body, "review")).toEqual([]);
    expect(ids(later.body, "merchant")).toEqual([]);
    expect(await validate(later.body)).toEqual([]);

    const own = await feed(`?company_id=${shop.id}`);
    expect(own.statusCode).toBe(200);
    expect(await validate(own.body)).toEqual([]);
    expect(ids(own.body, "merchant")).toEqual([shop.id]);
    expect(ids(own.body, "review")).toEqual([reviewIds.hostile, reviewIds.ratingOnly]);
    expect(own.body).not.toContain("<deleted_merchants>");
    expect((await feed(`?company_id=${hidden.id}`)).statusCode).toBe(404);
    expect((await feed(`?company_id=${leaving.id}`)).statusCode).toBe(404);
    expect((await feed("?company_id=x")).statusCode).toBe(400);
    expect((await feed("?since=hier")).statusCode).toBe(400);
  });

  it("tells the shop where it stands with Google, counted exactly, with both feeds' addresses", async () => {
    const res = await t.inject({ method: "GET", url: api("/company/google/"), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(expectMatchesContract(res, "companyGoogleStatusGet")).toEqual({
      country: "FR",
      public_page: true,
      certavis_moderation: true,
      store_reviews: { count: 2, threshold: 100, months: 12 },
      product_reviews: { count: 1, threshold: 50 },
      feeds: {
        product_reviews: `${origin}/api/v1/public/feeds/google-product-reviews.xml?company_id=${shop.id}`,
        merchant_reviews: `${origin}/api/v1/public/feeds/google-merchant-reviews.xml?company_id=${shop.id}`,
      },
    });
    expect((await t.inject({ method: "GET", url: api("/company/google/") })).statusCode).toBe(401);
  });

  it("counts in the standing only what the feed sends: nothing for a shop that moderates itself or hides its page", async () => {
    const standing = async (company: TestCompany) =>
      expectMatchesContract<{ certavis_moderation: boolean; store_reviews: { count: number } }>(
        await t.inject({
          method: "GET",
          url: api("/company/google/"),
          headers: authHeaders(company.owner.access),
        }),
        "companyGoogleStatusGet",
      );
    // Each has one published store review written within 90 days of its e-mail: the feed leaves it out.
    expect(await standing(selfModerated)).toMatchObject({
      certavis_moderation: false,
      store_reviews: { count: 0 },
    });
    expect(await standing(hidden)).toMatchObject({ certavis_moderation: true, store_reviews: { count: 0 } });
    // Back to the shop's own moderation: Certavis still moderates for 30 days, the feed still takes it.
    const back = (at: Date) =>
      t.ctx.db
        .update(companies)
        .set({ moderation: "shop", moderationEffectiveAt: at })
        .where(eq(companies.id, shop.id));
    await back(addDays(new Date(), 30));
    expect(await standing(shop)).toMatchObject({ certavis_moderation: true, store_reviews: { count: 2 } });
    await back(addDays(new Date(), -1));
    expect(await standing(shop)).toMatchObject({ certavis_moderation: false, store_reviews: { count: 0 } });
    await t.ctx.db
      .update(companies)
      .set({ moderation: "certavis", moderationEffectiveAt: null, updatedAt: base })
      .where(eq(companies.id, shop.id));
    reviewsChanged(shop.id);
    expect(await standing(shop)).toMatchObject({ certavis_moderation: true, store_reviews: { count: 2 } });
  });

  it("takes the shop's country from Entreprise (ISO code, French error otherwise) into both feeds and the standing", async () => {
    const patch = (country: unknown) =>
      t.inject({ method: "PATCH", url: api("/company/"), headers: auth, payload: { country } });
    const bad = await patch("Belgique");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().country).toEqual(["Indiquez le pays par son code à deux lettres (FR, BE, CH…)."]);
    const set = await patch(" be ");
    expect(set.statusCode, set.body).toBe(200);
    expect(expectMatchesContract(set, "companyUpdate")).toMatchObject({ country: "BE" });
    try {
      const xml = (await feed(`?company_id=${shop.id}`)).body;
      expect(xml.match(/<country_code>BE<\/country_code>/g)).toHaveLength(2);
      const status = await t.inject({ method: "GET", url: api("/company/google/"), headers: auth });
      expect(status.json().country).toBe("BE");
      const products = await t.inject({
        method: "GET",
        url: api(`/public/feeds/google-product-reviews.xml?company_id=${shop.id}`),
      });
      expect(products.body).toContain("<review_country>BE</review_country>");
    } finally {
      expect((await patch("FR")).statusCode).toBe(200);
    }
  });

  it("answers 304 to its ETag until a store review changes; gzips when asked", async () => {
    const first = await feed();
    const etag = String(first.headers.etag);
    expect((await feed("", { "if-none-match": etag })).statusCode).toBe(304);
    const zipped = await feed("", { "accept-encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("accept-encoding");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(first.body);

    // Last of the file: a publication changes the feed for good.
    await t.ctx.db
      .update(reviews)
      .set({ status: "approved", moderatedAt: addDays(base, 8) })
      .where(eq(reviews.id, reviewIds.pending ?? ""));
    const after = await feed("", { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(ids(after.body, "review")).toEqual([reviewIds.hostile, reviewIds.pending, reviewIds.ratingOnly]);
    expect(await validate(after.body)).toEqual([]);
  });
});
