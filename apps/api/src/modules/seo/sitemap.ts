import { escapeHtml } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { isListedWithoutReviews } from "../public-api/listed-products";
import { companyPagePath, productPagePath } from "./page-paths";

/** Bounds of a sitemap file (sitemaps.org: 50,000 URLs); tests may lower it. */
export const sitemapLimits = { urlsPerFile: 50_000 };

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Every public page: each public company's page, then its products' pages (listed, or holding a
 * published review), with the last change of the company or product itself.
 */
const PAGES = sql`
  SELECT c.id AS company_id, 0 AS kind, c.slug, NULL::uuid AS product_id, c.updated_at
  FROM companies c WHERE c.public_page
  UNION ALL
  SELECT c.id, 1, c.slug, p.id, p.updated_at
  FROM products p JOIN companies c ON c.id = p.company_id
  WHERE c.public_page AND (${isListedWithoutReviews(sql`p.status`)} OR (EXISTS
    (SELECT 1 FROM reviews r WHERE r.company_id = c.id AND r.product_id = p.id AND r.status = 'approved')))`;

/**
 * A page's last change (`k`: a row of PAGES): its own, or its newest publication. Read for the pages of
 * one file only, after they are chosen (one index probe each).
 */
const LASTMOD = sql`greatest(k.updated_at, CASE WHEN k.product_id IS NULL
    THEN (SELECT max(r.published_at) FROM reviews r WHERE r.company_id = k.company_id AND r.status = 'approved')
    ELSE (SELECT max(r.published_at) FROM reviews r
      WHERE r.company_id = k.company_id AND r.product_id = k.product_id AND r.status = 'approved') END)`;

async function pageCount(db: DbOrTx): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM (${PAGES}) pages`));
  return Number(row?.n ?? 0);
}

const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;

/** `/sitemap.xml`: the pages themselves, or past `urlsPerFile` an index of `/sitemaps/{n}.xml`. */
export async function sitemapXml(db: DbOrTx, origin: string): Promise<string> {
  const count = await pageCount(db);
  if (count <= sitemapLimits.urlsPerFile) return (await sitemapPart(db, origin, 1)) ?? "";
  const files = Math.ceil(count / sitemapLimits.urlsPerFile);
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
  ).join("\n");
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** One file of `urlsPerFile` pages (1-based), or null past the last one. */
export async function sitemapPart(db: DbOrTx, origin: string, part: number): Promise<string | null> {
  const size = sitemapLimits.urlsPerFile;
  const rows = rowsOf(
    await db.execute(sql`SELECT k.slug, k.product_id, ${LASTMOD} AS lastmod
      FROM (SELECT * FROM (${PAGES}) pages ORDER BY company_id, kind, product_id
        LIMIT ${size} OFFSET ${(part - 1) * size}) k
      ORDER BY k.company_id, k.kind, k.product_id`),
  );
  if (rows.length === 0 && part > 1) return null;
  const urls = rows
    .map((row) => {
      const slug = String(row.slug);
      const path = row.product_id ? productPagePath(slug, String(row.product_id)) : companyPagePath(slug);
      const lastmod = new Date(row.lastmod as string | Date).toISOString();
      return `<url><loc>${escapeHtml(`${origin}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`;
    })
    .join("\n");
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * The public pages are crawled, the API is not, except Google's review feeds: Merchant Center's scheduled
 * fetch reads robots.txt and obeys it (the longer `Allow` wins over `Disallow: /api/`).
 */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /avis/\nAllow: /api/v1/public/feeds/\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`;
}
