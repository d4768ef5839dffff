import { isLowerPlan, PLANS, type PlanType, priceHt } from "@certavis/domain";
import { formatPrice, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Badge, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { rememberCheckoutSession, useCreateCheckoutSession } from "../lib/api/create-checkout-session";
import { useSubscription } from "../lib/api/get-subscription";
import { apiFieldErrors } from "../lib/field-errors";
import { toastError } from "../lib/toast/error-toast";
import { toast } from "../lib/toast/toast-store";
import { BillingDetailsDialog } from "./billing-details-dialog";
import { ErrorCallout } from "./error-callout";
import { LoadingScreen } from "./loading-screen";

/**
 * Plan cards from GET /company/subscription/ (registration step 3 and company setup). The free plan
 * calls `onFree`; a paid plan leaves for the checkout page, keeping the session id locally. With
 * `onLower` (settings), a plan below the current paid one calls it instead: it is scheduled for the
 * end of the period, never bought.
 */
export function PlanPicker({
  onFree,
  onLower,
  redirect = (url) => window.location.assign(url),
  currentFixed = false,
}: {
  onFree: () => void;
  onLower?: (type: PlanType) => void;
  redirect?: (url: string) => void;
  /** Settings: the current plan (free included) is shown as 'Plan actuel' and cannot be chosen again. */
  currentFixed?: boolean;
}) {
  const subscription = useSubscription();
  const checkout = useCreateCheckoutSession();
  const [chosen, setChosen] = useState<PlanType | null>(null);
  const [askBilling, setAskBilling] = useState<PlanType | null>(null);

  async function choose(type: PlanType) {
    if (onLower && isLower(type)) {
      onLower(type);
      return;
    }
    if (PLANS[type].free) {
      onFree();
      return;
    }
    setChosen(type);
    try {
      const session = await checkout.mutateAsync(type);
      if (!session.url) {
        toast({
          title: fr.errors.subscription.redirectFailed,
          description: fr.errors.subscription.sessionUnavailable,
          variant: "error",
        });
        return;
      }
      rememberCheckoutSession(session.id);
      redirect(session.url);
    } catch (error) {
      // No invoice without a billing address: it is asked here, then the checkout goes on.
      if (apiFieldErrors(error).billing_address) setAskBilling(type);
      else toastError(error, fr.errors.subscription.checkoutFailed);
    } finally {
      setChosen(null);
    }
  }

  const currentType = subscription.data?.current.type;
  const isLower = (type: PlanType) =>
    currentType !== undefined && !PLANS[currentType].free && isLowerPlan(currentType, type);

  if (subscription.isPending) return <LoadingScreen />;
  if (subscription.isError)
    return (
      <ErrorCallout message={fr.errors.subscription.loadFailed}>
        <Button variant="outline" size="sm" onClick={() => void subscription.refetch()}>
          {fr.errors.subscription.retry}
        </Button>
      </ErrorCallout>
    );

  return (
    <Grid columns={{ initial: "1", md: "3" }} gap="4">
      <BillingDetailsDialog
        open={askBilling !== null}
        onOpenChange={(open) => {
          if (!open) setAskBilling(null);
        }}
        onSaved={() => {
          if (askBilling) void choose(askBilling);
        }}
      />
      {subscription.data.plans.map((plan) => {
        const texts = fr.plans[plan.type];
        // The free plan always leads on (home); a paid one needs checkout configured and not be current.
        const lower = onLower !== undefined && isLower(plan.type);
        const paidBlocked =
          (currentFixed && plan.is_current) ||
          (!lower && plan.price > 0 && (plan.is_current || !plan.price_id_configured));
        return (
          <Card
            key={plan.type}
            size="3"
            asChild
            className={plan.popular ? "ring-2 ring-[var(--accent-8)]" : undefined}
          >
            <article aria-labelledby={`plan-${plan.type}`}>
              <Flex direction="column" gap="3" height="100%">
                <Flex justify="between" align="center">
                  <Heading as="h3" size="4" id={`plan-${plan.type}`}>
                    {texts.name}
                  </Heading>
                  {plan.is_current ? (
                    <Badge color="gray">{fr.settings.subscription.current}</Badge>
                  ) : plan.popular ? (
                    <Badge color="jade">{fr.plans.popular}</Badge>
                  ) : null}
                </Flex>
                <Text size="2" color="gray">
                  {texts.description}
                </Text>
                <Text size="6" weight="bold">
                  {plan.price === 0 ? fr.plans.free : formatPrice(priceHt(plan.price), plan.currency)}
                  {plan.price === 0 ? null : (
                    <Text size="2" weight="regular" color="gray">
                      {" "}
                      {fr.plans.htLabel} {fr.plans.perMonth}
                    </Text>
                  )}
                </Text>
                {plan.price === 0 ? null : (
                  <Text size="2" color="gray" mt="-2">
                    {fr.plans.ttcBeside(formatPrice(plan.price, plan.currency))}
                  </Text>
                )}
                <ul className="m-0 flex flex-1 flex-col gap-1 pl-5 text-sm">
                  {texts.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <Button
                  variant={plan.popular ? "default" : "outline"}
                  disabled={paidBlocked || checkout.isPending}
                  loading={chosen === plan.type}
                  onClick={() => void choose(plan.type)}
                >
                  {plan.is_current && (plan.price > 0 || currentFixed)
                    ? fr.settings.subscription.current
                    : lower
                      ? fr.settings.subscription.planChange.choose
                      : fr.auth.register.plan.choose}
                </Button>
              </Flex>
            </article>
          </Card>
        );
      })}
    </Grid>
  );
}
