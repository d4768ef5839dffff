import { isSubscriptionUsable, normalizePlanType, PLANS, type PlanType } from "@certavis/domain";
import { fr, planName } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { checkoutSessions, companies } from "../../db/schema";
import { detailError, type FieldErrors, fieldErrors } from "../../http/errors";
import type { AuthenticatedUser } from "../../http/request-context";
import { METADATA } from "./facts";
import { isSandboxSubscription, paymentMode } from "./payment-mode";
import { toCents } from "./periods";
import { isAllowedRedirect } from "./redirects";
import { newSandboxSessionId } from "./sandbox";
import { upgradeOf, upgradeStripeSubscription } from "./upgrade";

export interface CheckoutInput {
  subscription_type: PlanType;
  success_url: string;
  cancel_url: string;
}

/**
 * Opens a checkout for a paid plan: a Stripe Checkout session in subscription mode, or a local
 * sandbox session. Nothing changes for the company until the payment is confirmed (webhook or 'Payer').
 */
export async function openCheckout(
  ctx: AppContext,
  companyId: string,
  user: AuthenticatedUser,
  input: CheckoutInput,
  log: FastifyBaseLogger,
): Promise<{ url: string; id: string }> {
  const plan = PLANS[input.subscription_type];
  if (plan.free) throw detailError(400, fr.server.billing.lowerPlanAtPeriodEnd);
  const urlErrors: FieldErrors = {};
  for (const field of ["success_url", "cancel_url"] as const) {
    if (!isAllowedRedirect(input[field], ctx.config))
      urlErrors[field] = [fr.server.billing.redirectNotAllowed];
  }
  if (Object.keys(urlErrors).length > 0) throw fieldErrors(urlErrors);

  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw detailError(404, fr.server.http.notFound);
  if (normalizePlanType(company.planType) === plan.type && isSubscriptionUsable(company.subscriptionStatus)) {
    throw detailError(400, fr.server.billing.alreadySubscribed(planName(plan.type)));
  }

  // An invoice is never issued without the buyer's address (French invoice mentions).
  if (!company.billingAddress) {
    throw fieldErrors({ billing_address: [fr.server.billing.billingAddressRequired] });
  }

  const mode = paymentMode(ctx);
  if (mode === "disabled") throw detailError(400, fr.server.billing.paymentsDisabled);
  const upgrade = upgradeOf(company, plan.type, ctx.now());
  if (upgrade && ctx.stripe && !isSandboxSubscription(upgrade.subscriptionId)) {
    try {
      await upgradeStripeSubscription(ctx.stripe, companyId, upgrade);
    } catch (error) {
      log.warn({ err: error }, "stripe subscription upgrade failed");
      const declined = (error as { type?: string }).type === "StripeCardError";
      throw detailError(
        declined ? 400 : 503,
        declined ? fr.server.billing.upgradeDeclined : fr.server.billing.paymentProviderDown,
      );
    }
    return { id: upgrade.subscriptionId, url: input.success_url };
  }
  const record = (id: string, provider: "sandbox" | "stripe") =>
    ctx.db.insert(checkoutSessions).values({
      id,
      companyId,
      planType: plan.type,
      provider,
      successUrl: input.success_url,
      cancelUrl: input.cancel_url,
      createdBy: user.id,
      createdAt: ctx.now(),
    });

  if (mode === "sandbox" || !ctx.stripe) {
    const id = newSandboxSessionId();
    await record(id, "sandbox");
    return { id, url: `${ctx.config.publicUrl}/api/v1/billing/sandbox/${id}/` };
  }

  const metadata = { [METADATA.companyId]: companyId, [METADATA.planType]: plan.type };
  let session: Awaited<ReturnType<typeof ctx.stripe.checkout.sessions.create>>;
  try {
    session = await ctx.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: plan.currency.toLowerCase(),
            unit_amount: toCents(plan.price),
            recurring: { interval: "month" },
            product_data: { name: `Certavis ${planName(plan.type)}` },
          },
        },
      ],
      success_url: input.success_url,
      cancel_url: input.cancel_url,
      client_reference_id: companyId,
      metadata,
      subscription_data: { metadata },
      locale: "fr",
      ...(company.stripeCustomerId ? { customer: company.stripeCustomerId } : { customer_email: user.email }),
    });
  } catch (error) {
    log.warn({ err: error }, "stripe checkout session creation failed");
    throw detailError(503, fr.server.billing.paymentProviderDown);
  }
  await record(session.id, "stripe");
  return { id: session.id, url: session.url ?? "" };
}
