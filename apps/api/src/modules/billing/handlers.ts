import { invoiceNumber, normalizePlanType, PLANS } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import Stripe from "stripe";
import { companies, invoices } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { detailError, notFound, unauthorized } from "../../http/errors";
import { sendHtmlPage } from "../../http/html-page";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { releaseHeldInvitations } from "../teams/held-invitations";
import { cancelAtPeriodEnd } from "./cancel";
import { openCheckout } from "./checkout";
import { applyProviderEvent } from "./fulfilment";
import { invoicePdf } from "./invoice-pdf";
import { isSandboxSubscription, paymentMode } from "./payment-mode";
import { cancelPlanChange, schedulePlanChange } from "./plan-change";
import { redirectOrigins, safeRedirect } from "./redirects";
import {
  closeSandboxSession,
  completeSandboxSession,
  findOpenSandboxSession,
  findSandboxSession,
  settleSandboxPeriods,
} from "./sandbox";
import { renderSandboxCheckout, renderSandboxNotFound } from "./sandbox-page";
import { factsFromStripeEvent } from "./stripe-events";
import { toInvoiceView, toSubscriptionInfo } from "./subscription-view";
import { cancelSubscriptionsAtProvider } from "./subscriptions-to-cancel";
import { upgradeOf } from "./upgrade";

const API_BASE = "/api/v1";

/** Subscription, invoices, Stripe webhook and the local sandbox checkout. */
/** A plan with room may have been chosen: the invitations held at registration leave now. */
async function sendHeldInvitations(request: FastifyRequest): Promise<void> {
  if ((await releaseHeldInvitations(request.server.ctx)) > 0) request.server.pipeline?.notify();
}

export const billingHandlers = defineHandlers({
  companySubscriptionGet: async (request) => {
    const ctx = request.server.ctx;
    const companyId = callerCompanyId(request);
    await settleSandboxPeriods(ctx.db, ctx.now(), companyId);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
    if (!company) throw notFound();
    return toSubscriptionInfo(company, paymentMode(ctx));
  },

  companySubscriptionCheckout: async (request) => {
    const ctx = request.server.ctx;
    const user = request.user;
    if (!user) throw unauthorized();
    return openCheckout(ctx, callerCompanyId(request), user, request.body, request.log);
  },

  companySubscriptionCancel: async (request) =>
    cancelAtPeriodEnd(request.server.ctx, callerCompanyId(request), request.log),

  companySubscriptionScheduleChange: async (request) =>
    schedulePlanChange(
      request.server.ctx,
      callerCompanyId(request),
      request.body.subscription_type,
      request.log,
    ),

  companySubscriptionCancelChange: async (request, reply) => {
    await cancelPlanChange(request.server.ctx, callerCompanyId(request), request.log);
    return reply.code(204).send();
  },

  companyInvoicesList: async (request) => {
    const ctx = request.server.ctx;
    const companyId = callerCompanyId(request);
    await settleSandboxPeriods(ctx.db, ctx.now(), companyId);
    const page = pageParams(request.query);
    const where = eq(invoices.companyId, companyId);
    const [total] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(invoices).where(where);
    const rows = await ctx.db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.periodStart), desc(invoices.createdAt), desc(invoices.id))
      .limit(page.limit)
      .offset(page.offset);
    return paged(request, page, total?.n ?? 0, rows.map(toInvoiceView));
  },

  companyInvoicePdf: async (request, reply) => {
    const { db, config } = request.server.ctx;
    const companyId = callerCompanyId(request);
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, request.params.id), eq(invoices.companyId, companyId)));
    if (!invoice) throw notFound();
    const pdf = await invoicePdf(invoice, config.invoiceSeller);
    reply.header("content-type", "application/pdf");
    reply.header(
      "content-disposition",
      `attachment; filename="${fr.server.invoicePdf.fileName(invoiceNumber(invoice.number))}"`,
    );
    reply.header("cache-control", "private, no-store");
    return reply.send(Buffer.from(pdf));
  },

  billingStripeWebhook: async (request) => {
    const ctx = request.server.ctx;
    const secret = ctx.config.stripeWebhookSecret;
    if (!secret) throw detailError(400, fr.server.billing.webhookNotConfigured);
    const signature = request.headers["stripe-signature"];
    if (typeof signature !== "string" || typeof request.rawBody !== "string") {
      throw detailError(400, fr.server.billing.badSignature);
    }
    let event: ReturnType<typeof Stripe.webhooks.constructEvent>;
    try {
      // Verified on the raw bytes received, with the app's clock for the 5-minute tolerance.
      event = Stripe.webhooks.constructEvent(
        request.rawBody,
        signature,
        secret,
        undefined,
        undefined,
        ctx.now().getTime(),
      );
    } catch {
      throw detailError(400, fr.server.billing.badSignature);
    }
    let facts: ReturnType<typeof factsFromStripeEvent>;
    try {
      facts = factsFromStripeEvent(event);
    } catch (error) {
      request.log.warn({ err: error, eventId: event.id, type: event.type }, "unexpected Stripe event shape");
      return { received: true as const };
    }
    const result = await applyProviderEvent(ctx.db, event, facts);
    await sendHeldInvitations(request);
    // A plan change made a new subscription: stop billing the previous one (retried if Stripe fails).
    await cancelSubscriptionsAtProvider(ctx, request.log, result.replacedSubscriptionIds);
    return { received: true as const };
  },

  billingSandboxPage: async (request, reply) => {
    const ctx = request.server.ctx;
    const session = await findOpenSandboxSession(ctx, request.params.session_id);
    const [company] = session
      ? await ctx.db.select().from(companies).where(eq(companies.id, session.companyId))
      : [];
    const planType = normalizePlanType(session?.planType);
    if (!session || !company || !planType) return sendHtmlPage(reply, 404, renderSandboxNotFound());
    const upgrade = upgradeOf(company, planType, ctx.now());
    return sendHtmlPage(
      reply,
      200,
      renderSandboxCheckout({
        sessionId: session.id,
        plan: PLANS[planType],
        companyName: company.name,
        basePath: API_BASE,
        formOrigins: redirectOrigins(ctx.config),
        upgrade: upgrade && isSandboxSubscription(upgrade.subscriptionId) ? upgrade : null,
      }),
    );
  },

  billingSandboxComplete: async (request, reply) => {
    const ctx = request.server.ctx;
    const id = request.params.session_id;
    const open = await findOpenSandboxSession(ctx, id);
    if (open) {
      await completeSandboxSession(ctx, open);
      await sendHeldInvitations(request);
    }
    // A second 'Payer' (double submit) lands on the same page as the first.
    const session = open ?? (await findSandboxSession(ctx, id));
    if (!session || session.status !== (open ? "open" : "complete")) throw notFound();
    return reply.redirect(safeRedirect(session.successUrl, "success", ctx.config), 303);
  },

  billingSandboxCancel: async (request, reply) => {
    const ctx = request.server.ctx;
    const id = request.params.session_id;
    const open = await findOpenSandboxSession(ctx, id);
    if (open) await closeSandboxSession(ctx, open, "cancelled");
    const session = open ?? (await findSandboxSession(ctx, id));
    if (!session || session.status !== (open ? "open" : "cancelled")) throw notFound();
    return reply.redirect(safeRedirect(session.cancelUrl, "cancel", ctx.config), 303);
  },
});
