import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { DEFAULT_SHOP_COUNTRY, isCountryCode, STORE_REVIEW_INVITE_WINDOW_DAYS } from "@certavis/domain";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { notFound } from "../../http/errors";
import { withoutNonXml, xmlText } from "../../lib/xml-text";
import { publicAuthorName } from "../public-api/public-reviews";
import { companyPagePath } from "./page-paths";

/**
 * Rows read per statement while the feed streams, and the most reviews read at once for a page of
 * companies (a page whose companies hold more is read company by company, by keyset): a statement per
 * company would cost its planning time 100,000 times (tests lower both).
 */
export const merchantFeedLimits = {
  pageSize: 500,
  /** A big merchant's first page of reviews: its first review goes out after 50 read, not 500. */
  firstPageSize: 50,
  batchRows: 5000,
};

/** What a merchant feed holds: the whole service, or one company; everything, or what changed after `since`. */
export interface MerchantFeedScope {
  companyId?: string;
  since?: Date;
}

/** What the feed's reads need of the database. */
interface Reader {
  execute(query: SQL): Promise<unknown>;
}

/**
 * The database for the feed's reads, each without JIT compilation: a page's statement walks hundreds of
 * companies by index, which PostgreSQL estimates costly enough to compile (measured: 180 ms of JIT for
 * a 40 ms statement, each page).
 */
function withoutJit(db: DbOrTx): Reader {
  return {
    execute: (query) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        return tx.execute(query);
      }),
  };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const clean = (value: unknown) => withoutNonXml(typeof value === "string" ? value : "").trim();
const iso = (value: unknown) => new Date(value as string | Date).toISOString();
const element = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

/**
 * A store review Google takes (ARCHITECTURE §10.18): published, collected by us after a real order, and
 * written within `STORE_REVIEW_INVITE_WINDOW_DAYS` of the request e-mail that invited it (the order's
 * head line holds that e-mail and the store review). The e-mail is read per review by its unique index
 * (order, kind): a scalar subquery, which the planner never turns into a join over every e-mail sent.
 */
export const inFeed = (
  r: SQL,
) => sql`${r}.subject = 'store' AND ${r}.status = 'approved' AND ${r}.published_at IS NOT NULL
  AND (SELECT ${r}.created_at - d.sent_at FROM email_deliveries d WHERE d.order_id = ${r}.order_id AND d.kind = 'request')
    BETWEEN interval '0' AND make_interval(days => ${STORE_REVIEW_INVITE_WINDOW_DAYS})`;

/** A store review that left public view: withdrawn by its author (or erased), or expired. */
const DELETED = sql`r.subject = 'store' AND r.status IN ('withdrawn', 'expired') AND r.published_at IS NOT NULL`;
const DELETED_AT = sql`coalesce(r.erased_at, r.withdrawn_at, r.expired_at, r.published_at)`;

interface Merchant {
  id: string;
  name: string;
  website: string | null;
  slug: string;
  country: string;
  createdAt: string;
  updatedAt: string;
  /** Changed after `since` (or no `since`): all its reviews go in the feed, not only the new ones. */
  whole: boolean;
}

/**
 * A company (`c`) moderated by Certavis now: in `certavis` mode once in force, or in `shop` mode
 * until the switch back takes effect (ARCHITECTURE §10.19).
 */
export const certavisModerated = sql`((c.moderation = 'certavis' AND (c.moderation_effective_at IS NULL OR c.moderation_effective_at <= now()))
    OR (c.moderation = 'shop' AND c.moderation_effective_at > now()))`;

/**
 * A company the feed names as a merchant (`c`): its public page is on (the rating's page), it has not
 * left, and Certavis moderates it. The one place that says which companies are in the feed; the
 * others left (`deleted_merchants`). The 'Google' panel counts through it too.
 */
export const merchantCompany = sql`c.public_page = true AND c.departed_at IS NULL AND ${certavisModerated}`;

/** A company with published store reviews (its row of `store_review_stats`, found by primary key). */
const hasPublished = sql`(SELECT 1 FROM store_review_stats s
  WHERE s.company_id = c.id AND s.status = 'approved' AND s.reviews > 0 LIMIT 1) IS NOT NULL`;

/**
 * One page of merchants after `after` (by id): companies with a public page and at least one store
 * review in the feed (with `since`: changed after it, or with such a review published after it). The
 * companies are walked once in primary-key order; one without published store reviews costs a look
 * into `store_review_stats`, its reviews are read only otherwise.
 */
async function merchantPage(db: Reader, scope: MerchantFeedScope, after: string | null): Promise<Merchant[]> {
  const since = scope.since?.toISOString() ?? null;
  const rows = rowsOf(
    await db.execute(sql`SELECT c.id, c.name, c.website, c.slug, c.country, c.created_at, c.updated_at,
        (${since}::timestamptz IS NULL OR c.updated_at > ${since}::timestamptz) AS whole
      FROM companies c
      -- LATERAL … LIMIT 1, not EXISTS: a semi-join may be planned as a hash join over every store
      -- review for each page; this looks into each walked company's reviews by index, and stops at one.
      CROSS JOIN LATERAL (SELECT 1 FROM reviews r WHERE r.company_id = c.id AND ${inFeed(sql`r`)}
          AND (${since}::timestamptz IS NULL OR c.updated_at > ${since}::timestamptz
            OR r.published_at > ${since}::timestamptz)
        LIMIT 1) AS one_in_feed
      WHERE ${merchantCompany}
        ${scope.companyId ? sql`AND c.id = ${scope.companyId}` : sql``}
        ${after ? sql`AND c.id > ${after}` : sql``}
        AND ${hasPublished}
      ORDER BY c.id LIMIT ${merchantFeedLimits.pageSize}`),
  );
  return rows.map((row) => {
    const country = String(row.country);
    return {
      id: String(row.id),
      name: String(row.name),
      website: row.website ? String(row.website) : null,
      slug: String(row.slug),
      country: isCountryCode(country) ? country : DEFAULT_SHOP_COUNTRY,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      whole: row.whole === true,
    };
  });
}

/** Every merchant of the scope, page by page. */
async function* merchants(db: Reader, scope: MerchantFeedScope): AsyncGenerator<Merchant[]> {
  let after: string | null = null;
  for (;;) {
    const page = await merchantPage(db, scope, after);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (page.length < merchantFeedLimits.pageSize || !last) return;
    after = last.id;
  }
}

export function merchantXml(merchant: Merchant, origin: string): string {
  const page = `${origin}${companyPagePath(merchant.slug)}`;
  const website = clean(merchant.website);
  return [
    `<merchant id="${xmlText(merchant.id)}">`,
    element("name", clean(merchant.name) || merchant.slug),
    element("merchant_url", /^https?:\/\/\S+$/i.test(website) ? website : page),
    element("rating_url", page),
    element("create_timestamp", merchant.createdAt),
    element("last_update_timestamp", merchant.updatedAt),
    "</merchant>\n",
  ].join("");
}

/** A store review as the feed's `<review>`. */
export function storeReviewXml(row: Record<string, unknown>, merchant: Merchant): string {
  const comment = clean(row.comment);
  const title = clean(row.title);
  const rating = Math.min(5, Math.max(1, Math.round(Number(row.rating))));
  return [
    `<review id="${xmlText(String(row.id))}" mid="${xmlText(merchant.id)}">`,
    element("reviewer_name", publicAuthorName(clean(row.author_first_name), clean(row.author_last_name))),
    element("create_timestamp", iso(row.created_at)),
    element("last_update_timestamp", iso(row.published_at)),
    element("country_code", merchant.country),
    comment && title ? element("title", title) : "",
    element("content", comment || title),
    `<ratings><overall min="1" max="5">${rating}</overall></ratings>`,
    "<collection_method>after_fulfillment</collection_method>",
    "</review>\n",
  ].join("");
}

/**
 * A merchant's store reviews in the feed, one keyset page at a time (publication, id: the index
 * `reviews_company_store_published_idx` reads them in that order); with `since`, only those published
 * after it unless the merchant itself changed.
 */
async function* reviewsOf(db: Reader, merchant: Merchant, since: Date | undefined): AsyncGenerator<string> {
  let after: { at: string; id: string } | null = null;
  const from = merchant.whole || !since ? null : since.toISOString();
  for (;;) {
    const size = after ? merchantFeedLimits.pageSize : merchantFeedLimits.firstPageSize;
    const page = rowsOf(
      await db.execute(sql`SELECT r.id, r.rating, r.title, r.comment, r.author_first_name, r.author_last_name,
          r.created_at, r.published_at, r.published_at::text AS cursor
        FROM reviews r
        WHERE r.company_id = ${merchant.id} AND ${inFeed(sql`r`)}
          ${from ? sql`AND r.published_at > ${from}::timestamptz` : sql``}
          ${after ? sql`AND (r.published_at > ${after.at}::timestamptz OR (r.published_at = ${after.at}::timestamptz AND r.id > ${after.id}))` : sql``}
        ORDER BY r.published_at, r.id LIMIT ${size}`),
    );
    if (page.length > 0) yield page.map((row) => storeReviewXml(row, merchant)).join("");
    const last = page.at(-1);
    if (page.length < size || !last) return;
    after = { at: String(last.cursor), id: String(last.id) };
  }
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The store reviews in the feed of a page of merchants: in one statement when they hold at most
 * `batchRows` (company, publication, id order, as `reviewsOf` gives them), else merchant by merchant (a
 * page of one merchant always: a big shop's first review then comes after one page of 500).
 */
async function* reviewsOfPage(db: Reader, page: Merchant[], since: Date | undefined): AsyncGenerator<string> {
  // One merchant (a company's own feed): its keyset pages at once, not `batchRows` read to find it holds more.
  const [only] = page;
  if (page.length === 1 && only) {
    yield* reviewsOf(db, only, since);
    return;
  }
  const whole = page.filter((m) => m.whole || !since).map((m) => m.id);
  const recent = page.filter((m) => !(m.whole || !since)).map((m) => m.id);
  const which = [
    whole.length ? sql`r.company_id IN (${idList(whole)})` : null,
    recent.length && since
      ? sql`(r.company_id IN (${idList(recent)}) AND r.published_at > ${since.toISOString()}::timestamptz)`
      : null,
  ].filter((part): part is SQL => part !== null);
  if (which.length === 0) return;
  const rows = rowsOf(
    await db.execute(sql`SELECT r.company_id, r.id, r.rating, r.title, r.comment, r.author_first_name,
        r.author_last_name, r.created_at, r.published_at
      FROM reviews r
      WHERE (${sql.join(which, sql` OR `)}) AND ${inFeed(sql`r`)}
      ORDER BY r.company_id, r.published_at, r.id LIMIT ${merchantFeedLimits.batchRows + 1}`),
  );
  if (rows.length > merchantFeedLimits.batchRows) {
    for (const merchant of page) yield* reviewsOf(db, merchant, since);
    return;
  }
  const byId = new Map(page.map((m) => [m.id, m]));
  for (let from = 0; from < rows.length; from += merchantFeedLimits.pageSize)
    yield rows
      .slice(from, from + merchantFeedLimits.pageSize)
      .map((row) => {
        const merchant = byId.get(String(row.company_id));
        return merchant ? storeReviewXml(row, merchant) : "";
      })
      .join("");
}

/**
 * Companies that left, as `<deleted_merchant>`: deleted (their departure is kept in
 * `google_feed_departures`), or whose public page is off while they have published store reviews.
 */
async function* deletedMerchants(db: Reader, scope: MerchantFeedScope): AsyncGenerator<string> {
  if (scope.companyId) return; // a company's own feed is served only while its page is public
  const since = scope.since?.toISOString() ?? null;
  const sources = [
    (after: string) => sql`SELECT company_id AS id, departed_at AS at FROM google_feed_departures
      WHERE company_id > ${after} AND (${since}::timestamptz IS NULL OR departed_at > ${since}::timestamptz)
      ORDER BY company_id LIMIT ${merchantFeedLimits.pageSize}`,
    (after: string) => sql`SELECT c.id, c.updated_at AS at FROM companies c
      WHERE NOT (${merchantCompany}) AND c.id > ${after}
        AND (${since}::timestamptz IS NULL OR c.updated_at > ${since}::timestamptz)
        AND ${hasPublished}
      ORDER BY c.id LIMIT ${merchantFeedLimits.pageSize}`,
  ];
  for (const source of sources) {
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const page = rowsOf(await db.execute(source(after)));
      if (page.length > 0)
        yield page
          .map(
            (row) =>
              `<deleted_merchant id="${xmlText(String(row.id))}">${element("last_update_timestamp", iso(row.at))}</deleted_merchant>\n`,
          )
          .join("");
      const last = page.at(-1);
      if (page.length < merchantFeedLimits.pageSize || !last) break;
      after = String(last.id);
    }
  }
}

/**
 * Withdrawn, erased and expired store reviews of the companies still public, as `<deleted_review>`:
 * companies are walked by primary key, those holding some (`store_review_stats`) read by its index.
 */
async function* deletedReviews(db: Reader, scope: MerchantFeedScope): AsyncGenerator<string> {
  const since = scope.since?.toISOString() ?? null;
  let afterCompany = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const companies = rowsOf(
      await db.execute(sql`SELECT c.id FROM companies c
        WHERE ${merchantCompany} AND c.id > ${afterCompany}
          ${scope.companyId ? sql`AND c.id = ${scope.companyId}` : sql``}
          AND (SELECT 1 FROM store_review_stats s
            WHERE s.company_id = c.id AND s.status IN ('withdrawn', 'expired') AND s.reviews > 0 LIMIT 1) IS NOT NULL
        ORDER BY c.id LIMIT ${merchantFeedLimits.pageSize}`),
    );
    const ids = companies.map((company) => String(company.id));
    const deletedXml = (row: Record<string, unknown>) =>
      `<deleted_review id="${xmlText(String(row.id))}">${element("last_update_timestamp", iso(row.at))}</deleted_review>\n`;
    // The page's companies at once when they hold at most `batchRows`, else company by company.
    const batch = ids.length
      ? rowsOf(
          await db.execute(sql`SELECT r.id, ${DELETED_AT} AS at FROM reviews r
            WHERE r.company_id IN (${idList(ids)}) AND ${DELETED}
              ${since ? sql`AND ${DELETED_AT} > ${since}::timestamptz` : sql``}
            ORDER BY r.company_id, r.id LIMIT ${merchantFeedLimits.batchRows + 1}`),
        )
      : [];
    if (batch.length <= merchantFeedLimits.batchRows) {
      for (let from = 0; from < batch.length; from += merchantFeedLimits.pageSize)
        yield batch
          .slice(from, from + merchantFeedLimits.pageSize)
          .map(deletedXml)
          .join("");
    } else
      for (const company of companies) {
        let after: string | null = null;
        for (;;) {
          const page = rowsOf(
            await db.execute(sql`SELECT r.id, ${DELETED_AT} AS at FROM reviews r
            WHERE r.company_id = ${String(company.id)} AND ${DELETED}
              ${since ? sql`AND ${DELETED_AT} > ${since}::timestamptz` : sql``}
              ${after ? sql`AND r.id > ${after}` : sql``}
            ORDER BY r.id LIMIT ${merchantFeedLimits.pageSize}`),
          );
          if (page.length > 0) yield page.map(deletedXml).join("");
          const last = page.at(-1);
          if (page.length < merchantFeedLimits.pageSize || !last) break;
          after = String(last.id);
        }
      }
    const last = companies.at(-1);
    if (companies.length < merchantFeedLimits.pageSize || !last) return;
    afterCompany = String(last.id);
  }
}

/** `<name>` … `</name>` around what `parts` yields, or nothing when it yields nothing. */
async function* wrapped(name: string, parts: AsyncIterable<string>): AsyncGenerator<string> {
  let opened = false;
  for await (const part of parts) {
    if (!part) continue;
    yield opened ? part : `<${name}>\n${part}`;
    opened = true;
  }
  if (opened) yield `</${name}>\n`;
}

/**
 * Google's Merchant Review Feeds 5.0 of the scope, as a stream: merchants, companies that left, store
 * reviews, deleted reviews, each read by keyset pages of `merchantFeedLimits.pageSize` rows, so the
 * whole service (100,000 companies and their reviews) is served without holding the document.
 */
export function googleMerchantFeed(ctx: AppContext, scope: MerchantFeedScope): Readable {
  const db = withoutJit(ctx.db);
  const origin = ctx.config.publicUrl;
  async function* chunks() {
    yield [
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      '<feed xmlns="http://schemas.google.com/merchant_reviews/5.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
      'xsi:schemaLocation="http://schemas.google.com/merchant_reviews/5.0 http://www.gstatic.com/productsearch/static/reviews/5.0/merchant_reviews.xsd">\n',
    ].join("");
    yield* wrapped(
      "merchants",
      (async function* () {
        for await (const page of merchants(db, scope)) yield page.map((m) => merchantXml(m, origin)).join("");
      })(),
    );
    yield* wrapped("deleted_merchants", deletedMerchants(db, scope));
    yield* wrapped(
      "reviews",
      (async function* () {
        for await (const page of merchants(db, scope)) yield* reviewsOfPage(db, page, scope.since);
      })(),
    );
    yield* wrapped("deleted_reviews", deletedReviews(db, scope));
    yield "</feed>\n";
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The feed's ETag, without reading the reviews: the store reviews' figures by status (count and rating
 * sum, `store_review_stats`), the last change of a company and the departures, and the scope. A
 * publication, a withdrawal, an erasure's withdrawal, an expiry, a company's edit or departure changes
 * it. For one company: 404 when unknown or its public page is off.
 */
export async function merchantFeedEtag(db: DbOrTx, scope: MerchantFeedScope): Promise<string> {
  const company = scope.companyId ?? null;
  if (company) {
    const [row] = rowsOf(
      await db.execute(sql`SELECT 1 FROM companies c WHERE c.id = ${company} AND ${merchantCompany}`),
    );
    if (!row) throw notFound();
  }
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT coalesce(string_agg(status || ':' || n || ':' || total, ',' ORDER BY status), '')
        FROM (SELECT status, sum(reviews)::text AS n, sum(rating_sum)::text AS total FROM store_review_stats
          ${company ? sql`WHERE company_id = ${company}` : sql``} GROUP BY status) s) AS figures,
      (SELECT max(updated_at)::text FROM companies ${company ? sql`WHERE id = ${company}` : sql``}) AS companies,
      (SELECT count(*)::text || '/' || coalesce(max(departed_at)::text, '') FROM google_feed_departures) AS departures`),
  );
  const key = [
    company ?? "*",
    scope.since?.toISOString() ?? "",
    row?.figures,
    row?.companies,
    row?.departures,
  ];
  return `"merchants-${createHash("sha1").update(key.join("|")).digest("base64url")}"`;
}
