import {
  isCompanySlug,
  isCountryCode,
  isSubscriptionUsable,
  moderationInForce,
  normalizePlanType,
  PLANS,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, ilike, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { lockedIsOperator } from "../../db/operator-lock";
import { companies, googleFeedDepartures, joinRequests, reviewEvents } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { callerMembership, callerUser } from "../../http/caller";
import { detailError, type FieldErrors, fieldErrors, notFound } from "../../http/errors";
import { isMultipart, readMultipart } from "../../http/multipart";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { buryFiles } from "../../lib/file-tombstones";
import { isStoredImage, publicImageUrl } from "../../lib/image-url";
import { reviewsChanged } from "../../lib/reviews-changed";
import { issueHeldInvoices } from "../billing/held-invoices";
import {
  cancelSubscriptionsAtProvider,
  recordSubscriptionsToCancel,
} from "../billing/subscriptions-to-cancel";
import { moderationState } from "../moderation/company-moderation";
import { freezeDepartedCompany } from "../moderation/departure";
import { purgeTrail } from "../review-trail/trail-retention";
import { checkOwnPassword } from "../users/own-password";
import { newApiKey } from "./api-key";
import { companyFiles, removeCompanyFiles } from "./company-files";
import {
  readBillingAddress,
  readBillingId,
  readCompanyName,
  readContactEmail,
  readWebsite,
} from "./company-input";
import { companyView, findCompany } from "./company-view";
import { createCompany } from "./create-company";
import { LOGO_MAX_BYTES, processLogo } from "./logo";

type CompanyChanges = Partial<
  Pick<
    typeof companies.$inferInsert,
    | "name"
    | "website"
    | "contactEmail"
    | "billingAddress"
    | "billingSiren"
    | "billingVatNumber"
    | "logoPath"
    | "slug"
    | "publicPage"
    | "storeReviews"
    | "country"
  >
>;

interface CompanyUpdateRequest {
  changes: CompanyChanges;
  /** A checked, re-encoded logo to store. */
  logo: Buffer | null;
}

/** PATCH /company/ as JSON (`logo` may only be null) or multipart (`logo` file). */
async function readCompanyUpdate(request: FastifyRequest): Promise<CompanyUpdateRequest> {
  const errors: FieldErrors = {};
  const changes: CompanyChanges = {};
  let logo: Buffer | null = null;
  let fields: Record<string, unknown>;
  if (isMultipart(request)) {
    const body = await readMultipart(request, LOGO_MAX_BYTES);
    fields = { ...body.fields };
    // A text part `logo` (empty or "null") removes the logo, like `logo: null` in JSON.
    if ("logo" in fields) fields.logo = fields.logo === "" || fields.logo === "null" ? null : fields.logo;
    for (const file of body.files) {
      if (file.field !== "logo") {
        errors[file.field] = [fr.server.http.unknownField];
        continue;
      }
      delete fields.logo;
      const processed = await processLogo(file.data);
      if (processed.ok) logo = processed.data;
      else errors.logo = [processed.message];
    }
  } else {
    fields = (request.body ?? {}) as Record<string, unknown>;
  }
  for (const [field, value] of Object.entries(fields)) {
    if (field === "name") {
      const name = readCompanyName(value, errors);
      if (name) changes.name = name;
    } else if (field === "website") {
      const website = readWebsite(value, errors);
      if (website !== undefined) changes.website = website;
    } else if (field === "contact_email") {
      const contact = readContactEmail(value, errors);
      if (contact !== undefined) changes.contactEmail = contact;
    } else if (field === "billing_address") {
      const address = readBillingAddress(value, errors);
      if (address !== undefined) changes.billingAddress = address;
    } else if (field === "billing_siren") {
      const siren = readBillingId(field, value, errors);
      if (siren !== undefined) changes.billingSiren = siren;
    } else if (field === "billing_vat_number") {
      const vat = readBillingId(field, value, errors);
      if (vat !== undefined) changes.billingVatNumber = vat;
    } else if (field === "slug") {
      if (typeof value === "string" && isCompanySlug(value)) changes.slug = value;
      else errors.slug = [fr.server.company.slugInvalid];
    } else if (field === "public_page") {
      if (typeof value === "boolean") changes.publicPage = value;
      else if (value === "true" || value === "false") changes.publicPage = value === "true";
      else errors.public_page = [fr.server.products.invalidBoolean];
    } else if (field === "store_reviews") {
      if (typeof value === "boolean") changes.storeReviews = value;
      else if (value === "true" || value === "false") changes.storeReviews = value === "true";
      else errors.store_reviews = [fr.server.products.invalidBoolean];
    } else if (field === "country") {
      const country = typeof value === "string" ? value.trim().toUpperCase() : "";
      if (isCountryCode(country)) changes.country = country;
      else errors.country = [fr.server.company.countryInvalid];
    } else if (field === "logo") {
      if (value === null) changes.logoPath = null;
      else errors.logo = [fr.server.company.logoNotFile];
    } else {
      errors[field] = [fr.server.http.unknownField];
    }
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return { changes, logo };
}

function paysForItsPlan(company: typeof companies.$inferSelect): boolean {
  const plan = normalizePlanType(company.planType);
  return plan !== null && !PLANS[plan].free && isSubscriptionUsable(company.subscriptionStatus);
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const companyHandlers = defineHandlers({
  companyGet: async (request) => {
    const membership = callerMembership(request);
    const { ctx } = request.server;
    const company = await findCompany(ctx.db, membership.companyId);
    if (!company) throw notFound();
    return companyView({ ...ctx, now: ctx.now() }, company, membership.role);
  },

  companyCreate: async (request, reply) => {
    const user = callerUser(request);
    if (request.membership) throw detailError(400, fr.server.company.alreadyInCompany);
    const errors: FieldErrors = {};
    const name = readCompanyName(request.body.name, errors);
    const website = readWebsite(request.body.website ?? null, errors);
    if (Object.keys(errors).length || !name) throw fieldErrors(errors);
    const { ctx } = request.server;
    const now = ctx.now();
    try {
      const companyId = await ctx.db.transaction(async (tx) => {
        if (await lockedIsOperator(tx, user.id))
          throw detailError(400, fr.server.operators.cannotJoinCompany);
        const created = await createCompany(tx, { name, website, ownerId: user.id }, ctx.apiKeyCipher, now);
        // Joining a company closes the caller's other pending join requests.
        await tx
          .update(joinRequests)
          .set({ status: "cancelled", decidedAt: now })
          .where(and(eq(joinRequests.userId, user.id), eq(joinRequests.status, "pending")));
        return created.company.id;
      });
      const company = await findCompany(ctx.db, companyId);
      if (!company) throw notFound();
      reply.code(201);
      return await companyView({ ...ctx, now }, company, "owner");
    } catch (error) {
      if (isUniqueViolation(error)) throw detailError(400, fr.server.company.alreadyInCompany);
      throw error;
    }
  },

  companyUpdate: async (request) => {
    const membership = callerMembership(request);
    const { ctx } = request.server;
    const current = await findCompany(ctx.db, membership.companyId);
    if (!current) throw notFound();
    const { changes, logo } = await readCompanyUpdate(request);
    // Every invoice carries the address: a paying company changes it, never clears it.
    if (changes.billingAddress === null && paysForItsPlan(current)) {
      throw fieldErrors({ billing_address: [fr.server.company.billingAddressKept] });
    }
    if (logo) changes.logoPath = await ctx.storage.save("logos", "webp", logo);
    if (Object.keys(changes).length > 0) {
      try {
        await ctx.db.transaction(async (tx) => {
          const [updated] = await tx
            .update(companies)
            .set({ ...changes, updatedAt: ctx.now() })
            .where(eq(companies.id, current.id))
            .returning();
          // The address given: the invoices that waited for it are issued now (billing/held-invoices).
          if (updated && changes.billingAddress) await issueHeldInvoices(tx, updated);
        });
      } catch (error) {
        if (logo) await ctx.storage.remove(changes.logoPath).catch(() => undefined);
        if (isUniqueViolation(error)) throw fieldErrors({ slug: [fr.server.company.slugTaken] });
        throw error;
      }
      if ("logoPath" in changes && isStoredImage(current.logoPath) && current.logoPath !== changes.logoPath)
        await ctx.storage.remove(current.logoPath).catch(() => undefined);
      // Its name, logo, slug and switch show on the public pages and bodies: their copies go.
      reviewsChanged(current.id);
    }
    const company = await findCompany(ctx.db, current.id);
    if (!company) throw notFound();
    return companyView({ ...ctx, now: ctx.now() }, company, membership.role);
  },

  companyDelete: async (request, reply) => {
    const membership = callerMembership(request);
    const { ctx } = request.server;
    const company = await findCompany(ctx.db, membership.companyId);
    if (!company) throw notFound();
    // Deleting everything at once (no grace period, see the contract) asks for the owner's password,
    // counted like every other password guess of the address.
    await checkOwnPassword(request, callerUser(request), request.body.password, {
      field: "password",
      message: fr.server.identity.wrongPassword,
    });
    // Moderated by Certavis: the public page and published reviews stay, frozen; the staff goes.
    if (moderationInForce(moderationState(company), ctx.now()) === "certavis") {
      const toCancel = await ctx.db.transaction(async (tx) => {
        const live = company.subscriptionStatus !== "canceled" ? company.stripeSubscriptionId : null;
        const recorded = await recordSubscriptionsToCancel(tx, [live]);
        await freezeDepartedCompany(tx, company.id, ctx.now());
        return recorded;
      });
      reviewsChanged(company.id);
      await cancelSubscriptionsAtProvider(ctx, request.log, toCancel);
      return reply.code(204).send();
    }
    const files = await companyFiles(ctx.db, company.id, company.logoPath);
    // Memberships, invitations, requests, catalogue, orders and reviews go with it (ON DELETE CASCADE);
    // a paid subscription stops billing (its cancel at Stripe is retried if Stripe fails).
    const toCancel = await ctx.db.transaction(async (tx) => {
      const live = company.subscriptionStatus !== "canceled" ? company.stripeSubscriptionId : null;
      const recorded = await recordSubscriptionsToCancel(tx, [live]);
      await buryFiles(tx, files.paths, ctx.now());
      await tx.delete(companies).where(eq(companies.id, company.id));
      // Google's store-ratings feed tells Merchant Center it left (deleted_merchants).
      await tx
        .insert(googleFeedDepartures)
        .values({ companyId: company.id, departedAt: ctx.now() })
        .onConflictDoNothing();
      // The trail has no foreign keys (the cascade does not reach it): it goes explicitly.
      await purgeTrail(tx, eq(reviewEvents.companyId, company.id));
      return recorded;
    });
    await removeCompanyFiles(ctx, files);
    await cancelSubscriptionsAtProvider(ctx, request.log, toCancel);
    return reply.code(204).send();
  },

  companyApiKeyRegenerate: async (request) => {
    const membership = callerMembership(request);
    const { ctx } = request.server;
    const apiKey = newApiKey(ctx.apiKeyCipher, ctx.now());
    const updated = await ctx.db
      .update(companies)
      .set({ ...apiKey.columns, updatedAt: ctx.now() })
      .where(eq(companies.id, membership.companyId))
      .returning({ id: companies.id });
    if (updated.length === 0) throw notFound();
    return { api_key: apiKey.key, api_key_expires_at: apiKey.columns.apiKeyExpiresAt.toISOString() };
  },

  companiesSearch: async (request) => {
    const search = request.query.search.trim();
    if (search.length < 2) throw fieldErrors({ search: [fr.server.company.searchTooShort] });
    const { db, storage } = request.server.ctx;
    const page = pageParams(request.query);
    // A company that left (frozen page, no staff) is not one to join.
    const where = and(ilike(companies.name, likePattern(search)), isNull(companies.departedAt));
    const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where);
    const rows = await db
      .select({
        id: companies.id,
        name: companies.name,
        website: companies.website,
        logoPath: companies.logoPath,
      })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(page.limit)
      .offset(page.offset);
    const results = rows.map((row) => ({
      id: row.id,
      name: row.name,
      website: row.website,
      logo: publicImageUrl(storage, row.logoPath),
    }));
    return paged(request, page, total?.n ?? 0, results);
  },
});
