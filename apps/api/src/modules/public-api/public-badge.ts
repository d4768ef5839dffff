import { escapeHtml } from "@certavis/domain";
import { formatAverage, fr, moderationLabel } from "@certavis/i18n-fr/server";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { companies, reviewStats } from "../../db/schema";
import { notFound } from "../../http/errors";
import { etagOf } from "../../http/send-cacheable";
import { type CachedBody, createBodyCache } from "../../lib/body-cache";
import { onReviewsChanged } from "../../lib/reviews-changed";
import { withoutNonXml } from "../../lib/xml-text";
import { moderationView } from "../moderation/company-moderation";
import { meanOf } from "../reviews/review-totals";

const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 1000 });
onReviewsChanged((companyId) => cache.forget(companyId));

/** The badge's picture: fixed size (nothing moves while it loads), its text also in `<title>`. */
export function badgeSvg(name: string, average: number | null, count: number, who = ""): string {
  const t = fr.server.publicPages.badge;
  // An SVG is XML: a control character in the name (an old or imported one) would break the picture.
  const title = escapeHtml(t.title(withoutNonXml(name), average, count));
  const score = count > 0 ? `★ ${escapeHtml(formatAverage(average))}/5` : "☆";
  const sub = count > 0 ? escapeHtml(t.count(count)) : escapeHtml(t.none);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="60" viewBox="0 0 180 60" role="img" aria-labelledby="certavis-badge-title"${who ? ' aria-describedby="certavis-badge-desc"' : ""}>
<title id="certavis-badge-title">${title}</title>${who ? `\n<desc id="certavis-badge-desc">${escapeHtml(who)}</desc>` : ""}
<rect x="0.5" y="0.5" width="179" height="59" rx="8" fill="#fff" stroke="#047857"/>
<g font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" fill="#111827">
<text x="12" y="20" font-size="12" font-weight="600" fill="#047857">${escapeHtml(t.heading)}</text>
<text x="12" y="42" font-size="18" font-weight="700" fill="#b45309">${score}</text>
<text x="168" y="42" font-size="12" text-anchor="end">${sub}</text>
<text x="168" y="20" font-size="10" text-anchor="end" fill="#4b5563">${escapeHtml(t.brand)}</text>
</g></svg>`;
}

/**
 * `GET /public/badge.svg`: the company's approved reviews of its public products, as a picture; a 404
 * when its public page is off (the company chose not to be shown, and the badge leads to that page).
 */
export async function publicBadge(ctx: AppContext, companyId: string): Promise<CachedBody> {
  return cache.get(companyId, "badge", async () => {
    const [company] = await ctx.db
      .select({
        name: companies.name,
        moderation: companies.moderation,
        moderationRequestedAt: companies.moderationRequestedAt,
        moderationEffectiveAt: companies.moderationEffectiveAt,
      })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.publicPage, true)));
    if (!company) throw notFound();
    const [totals] = await ctx.db
      .select({
        count: sql<number>`coalesce(sum(${reviewStats.reviews}), 0)::int`,
        sum: sql<string | null>`sum(${reviewStats.ratingSum})`,
      })
      .from(reviewStats)
      // Every published review counts, whatever its product's status (ARCHITECTURE §10.12).
      .where(and(eq(reviewStats.companyId, companyId), eq(reviewStats.status, "approved")));
    const count = Number(totals?.count ?? 0);
    // Who moderates, in the picture's description (the public page says since when).
    const who = moderationLabel(moderationView(company, ctx.now())).who;
    const body = badgeSvg(company.name, meanOf(Number(totals?.sum ?? 0), count), count, who);
    return { body, etag: etagOf(body) };
  });
}
