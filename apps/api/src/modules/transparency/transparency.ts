import { REJECTION_REASONS } from "@certavis/domain";
import { and, count, eq, gte, inArray, min, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import {
  companies,
  moderationAppeals,
  operators,
  reviewContests,
  reviewEvents,
  reviewReports,
  reviews,
} from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";
import { certavisModeratedSql, moderationView } from "../moderation/company-moderation";

type Transparency = SchemaOf<"Transparency">;
type Month = SchemaOf<"TransparencyMonth">;
type ByReason = SchemaOf<"TransparencyByReason">;

/** How many calendar months the figures cover, the current one included. */
export const TRANSPARENCY_MONTHS = 12;

// An appeal overturned publishes the review again: a publication decided that month.
const PUBLISHED = ["approved", "auto_published", "appeal_overturned"];
const DECISIONS = ["approved", "auto_published", "appeal_overturned", "rejected", "removed", "kept"];
const FIRST_DECISIONS = ["approved", "auto_published", "rejected"];

/** `YYYY-MM` of a month (UTC), in SQL. */
const monthOf = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/** The `TRANSPARENCY_MONTHS` months up to `now`'s, newest first, and the first one's start. */
function monthsUpTo(now: Date): { keys: string[]; from: Date } {
  const keys: string[] = [];
  for (let back = 0; back < TRANSPARENCY_MONTHS; back++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TRANSPARENCY_MONTHS - 1), 1));
  return { keys, from };
}

function emptyByReason(): ByReason {
  return { total: 0, abusive: 0, personal_data: 0, off_topic: 0, conflict_of_interest: 0, fake_suspected: 0 };
}

function emptyMonth(month: string): Month {
  return {
    month,
    received: 0,
    published: 0,
    rejected: emptyByReason(),
    removed: emptyByReason(),
    withdrawn: 0,
    decisions: 0,
    automated: 0,
    automated_share: null,
    median_hours_to_decision: null,
    reports: { received: 0, kept: 0, removed: 0, open: 0 },
    contests: { received: 0, kept: 0, removed: 0, open: 0 },
    appeals: { received: 0, upheld: 0, overturned: 0, open: 0 },
  };
}

function addReason(target: ByReason, reason: string | null, n: number): void {
  target.total += n;
  const known = REJECTION_REASONS.find((code) => code === reason);
  if (known) target[known] += n;
}

/** The monthly figures of one company (`companyId`) or of the whole service (null). */
async function monthlyFigures(db: DbOrTx, companyId: string | null, now: Date): Promise<Month[]> {
  const { keys, from } = monthsUpTo(now);
  const months = new Map(keys.map((key) => [key, emptyMonth(key)]));
  const of = (column: PgColumn): SQL | undefined => (companyId ? eq(column, companyId) : undefined);

  const receivedMonth = monthOf(reviews.createdAt);
  const eventMonth = monthOf(reviewEvents.createdAt);
  const reportMonth = monthOf(reviewReports.createdAt);
  const contestMonth = monthOf(reviewContests.createdAt);
  const appealMonth = monthOf(moderationAppeals.createdAt);
  const [received, events, medians, reports, contests, appeals] = await Promise.all([
    db
      .select({ month: receivedMonth, n: count() })
      .from(reviews)
      .where(and(of(reviews.companyId), gte(reviews.createdAt, from)))
      .groupBy(receivedMonth),
    db
      .select({
        month: eventMonth,
        kind: reviewEvents.kind,
        actor: reviewEvents.actor,
        reason: reviewEvents.reason,
        n: count(),
      })
      .from(reviewEvents)
      .where(
        and(
          of(reviewEvents.companyId),
          gte(reviewEvents.createdAt, from),
          inArray(reviewEvents.kind, [...DECISIONS, "withdrawn"]),
        ),
      )
      .groupBy(eventMonth, reviewEvents.kind, reviewEvents.actor, reviewEvents.reason),
    db
      .select({
        month: eventMonth,
        hours: sql<
          number | string | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${reviewEvents.createdAt} - ${reviews.createdAt})) / 3600.0)`,
      })
      .from(reviewEvents)
      .innerJoin(reviews, eq(reviews.id, reviewEvents.reviewId))
      .where(
        and(
          of(reviewEvents.companyId),
          gte(reviewEvents.createdAt, from),
          inArray(reviewEvents.kind, FIRST_DECISIONS),
        ),
      )
      .groupBy(eventMonth),
    db
      .select({
        month: reportMonth,
        status: reviewReports.status,
        outcome: reviewReports.outcome,
        n: count(),
      })
      .from(reviewReports)
      .where(and(of(reviewReports.companyId), gte(reviewReports.createdAt, from)))
      .groupBy(reportMonth, reviewReports.status, reviewReports.outcome),
    db
      .select({
        month: contestMonth,
        status: reviewContests.status,
        outcome: reviewContests.outcome,
        n: count(),
      })
      .from(reviewContests)
      .where(and(of(reviewContests.companyId), gte(reviewContests.createdAt, from)))
      .groupBy(contestMonth, reviewContests.status, reviewContests.outcome),
    db
      .select({
        month: appealMonth,
        status: moderationAppeals.status,
        outcome: moderationAppeals.outcome,
        n: count(),
      })
      .from(moderationAppeals)
      .where(and(of(moderationAppeals.companyId), gte(moderationAppeals.createdAt, from)))
      .groupBy(appealMonth, moderationAppeals.status, moderationAppeals.outcome),
  ]);

  for (const row of received) {
    const month = months.get(row.month);
    if (month) month.received += Number(row.n);
  }
  for (const row of events) {
    const month = months.get(row.month);
    if (!month) continue;
    const n = Number(row.n);
    if (row.kind === "withdrawn") {
      month.withdrawn += n;
      continue;
    }
    month.decisions += n;
    if (row.actor === "system") month.automated += n;
    if (PUBLISHED.includes(row.kind)) month.published += n;
    else if (row.kind === "rejected") addReason(month.rejected, row.reason, n);
    else if (row.kind === "removed") addReason(month.removed, row.reason, n);
  }
  for (const row of medians) {
    const month = months.get(row.month);
    if (month && row.hours !== null) month.median_hours_to_decision = Math.round(Number(row.hours) * 10) / 10;
  }
  for (const [rows, key] of [
    [reports, "reports"],
    [contests, "contests"],
  ] as const) {
    for (const row of rows) {
      const month = months.get(row.month);
      if (!month) continue;
      const n = Number(row.n);
      const cases = month[key];
      cases.received += n;
      if (row.status === "open") cases.open += n;
      else if (row.outcome === "removed") cases.removed += n;
      else cases.kept += n;
    }
  }
  for (const row of appeals) {
    const month = months.get(row.month);
    if (!month) continue;
    const n = Number(row.n);
    month.appeals.received += n;
    if (row.status === "open") month.appeals.open += n;
    else if (row.outcome === "overturned") month.appeals.overturned += n;
    else month.appeals.upheld += n;
  }
  for (const month of months.values()) {
    month.automated_share =
      month.decisions > 0 ? Math.round((month.automated / month.decisions) * 1000) / 1000 : null;
  }
  return keys.map((key) => months.get(key) ?? emptyMonth(key));
}

/** One company's figures (null for an unknown slug). */
export async function companyTransparency(db: DbOrTx, slug: string, now: Date): Promise<Transparency | null> {
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      moderation: companies.moderation,
      moderationRequestedAt: companies.moderationRequestedAt,
      moderationEffectiveAt: companies.moderationEffectiveAt,
    })
    .from(companies)
    .where(eq(companies.slug, slug.toLowerCase()))
    .limit(1);
  if (!company) return null;
  return {
    scope: "company",
    company: { name: company.name, slug: company.slug },
    moderation: moderationView(company, now),
    service: null,
    months: await monthlyFigures(db, company.id, now),
  };
}

/** The whole service's figures, and who moderates across it. */
export async function serviceTransparency(db: DbOrTx, now: Date): Promise<Transparency> {
  const [[byCertavis], [all], [staff], months] = await Promise.all([
    db.select({ n: count() }).from(companies).where(certavisModeratedSql(now)),
    db.select({ n: count() }).from(companies),
    db.select({ n: count(), since: min(operators.addedAt) }).from(operators),
    monthlyFigures(db, null, now),
  ]);
  const certavis = Number(byCertavis?.n ?? 0);
  const since = staff?.since ? new Date(staff.since) : null;
  return {
    scope: "service",
    company: null,
    moderation: null,
    service: {
      companies_moderated_by_certavis: certavis,
      companies_moderated_by_shop: Number(all?.n ?? 0) - certavis,
      operators: Number(staff?.n ?? 0),
      operators_since: since ? since.toISOString() : null,
    },
    months,
  };
}
