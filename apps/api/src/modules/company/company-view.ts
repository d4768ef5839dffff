import { can, isSubscriptionStatus, normalizePlanType, planLimits, type Role } from "@certavis/domain";
import { eq, sql } from "drizzle-orm";
import type { AppConfig } from "../../config";
import type { DbOrTx } from "../../db/client";
import { companyContactEmail } from "../../db/company-contact";
import { companies, memberships } from "../../db/schema";
import type { ResponseOf } from "../../http/operation-types";
import type { Cipher } from "../../lib/crypto";
import { publicImageUrl } from "../../lib/image-url";
import type { FileStorage } from "../../lib/storage";
import { moderationView } from "../moderation/company-moderation";
import { monthStart, nextMonthStart } from "../pipeline/clock";
import { companyDashboardStats } from "../reviews/company-stats";
import { emailBounceRate } from "./bounce-rate";

export type CompanyView = ResponseOf<"companyGet", 200>;
type CompanyRow = typeof companies.$inferSelect;

export interface CompanyViewDeps {
  db: DbOrTx;
  storage: FileStorage;
  apiKeyCipher: Cipher;
  config: Pick<AppConfig, "widgetUrl">;
  now: Date;
}

/** The company row, or null (callers scope by the caller's own company id). */
export async function findCompany(db: DbOrTx, companyId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/**
 * The monthly e-mail counter as the quota bar reads it: a counter of an earlier month (nothing sent
 * since the 1st) reads 0 from the start of the current month.
 */
export function emailQuota(company: CompanyRow, now: Date) {
  const start = monthStart(now);
  const stored = company.emailQuotaPeriodStart;
  const current = stored.getTime() >= start.getTime() && stored.getTime() < nextMonthStart(now).getTime();
  return {
    email_quota_used: current ? company.emailQuotaUsed : 0,
    email_quota_limit: planLimits(company.planType).max_emails_per_month,
    email_quota_period_start: (current ? stored : start).toISOString(),
  };
}

/** A company without a provider subscription (free plan) reads as `active`. */
function subscriptionOf(company: CompanyRow): CompanyView["subscription"] {
  const status = isSubscriptionStatus(company.subscriptionStatus) ? company.subscriptionStatus : "active";
  return { type: normalizePlanType(company.planType) ?? "LANCEMENT", status };
}

/** GET /company/: the company, its dashboard figures, quota and plan limits, as `role` may see it. */
export async function companyView(
  deps: CompanyViewDeps,
  company: CompanyRow,
  role: Role,
): Promise<CompanyView> {
  const { db, storage, apiKeyCipher, now } = deps;
  const [counts] = await db
    .select({
      members: sql<number>`count(*)::int`,
      owner: sql<
        string | null
      >`(array_agg(${memberships.userId}) filter (where ${memberships.role} = 'owner'))[1]`,
    })
    .from(memberships)
    .where(eq(memberships.companyId, company.id));
  const stats = await companyDashboardStats(db, storage, company.id, now);
  const showKey = can(role, "apiKey.view");
  return {
    id: company.id,
    name: company.name,
    website: company.website,
    contact_email: (await companyContactEmail(db, company.id)) ?? "",
    billing_address: company.billingAddress,
    slug: company.slug,
    public_page: company.publicPage,
    logo: publicImageUrl(storage, company.logoPath),
    api_key: showKey && company.apiKeyCiphertext ? apiKeyCipher.decrypt(company.apiKeyCiphertext) : null,
    api_key_expires_at: showKey ? (company.apiKeyExpiresAt?.toISOString() ?? null) : null,
    created_by: counts?.owner ?? company.createdBy,
    ...stats,
    ...emailQuota(company, now),
    email_bounce_rate: await emailBounceRate(db, company.id, now),
    subscription_limits: planLimits(company.planType),
    subscription: subscriptionOf(company),
    members_count: counts?.members ?? 0,
    widget_url: deps.config.widgetUrl,
    moderation: moderationView(company, now),
  };
}
