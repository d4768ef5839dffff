import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Flex, Heading, Text } from "@radix-ui/themes";
import { PlanPicker } from "../../../components/plan-picker";
import { useSubscription } from "../../../lib/api/get-subscription";
import { useCheckoutReturn } from "../../../lib/hooks/use-checkout-return";
import { toast } from "../../../lib/toast/toast-store";
import { useCaller } from "../lib/use-caller";
import { CurrentPlanCard } from "./current-plan-card";
import { InvoicesCard } from "./invoices-card";
import { LoadError } from "./load-error";
import { SettingsSection } from "./settings-section";

const t = fr.settings.subscription;

/** Abonnement (admin, accoutant, owner): current plan and status, plans and checkout, cancellation, invoices. */
export function SubscriptionTab() {
  useCheckoutReturn();
  const { role } = useCaller();
  const allowed = can(role, "subscription.manage");
  const subscription = useSubscription(allowed);

  if (!allowed)
    return (
      <SettingsSection id="restricted-title" title={t.restrictedTitle} headingGap="1">
        <Text as="p" color="gray">
          {t.restrictedDescription}
        </Text>
      </SettingsSection>
    );
  if (subscription.isPending) return null;
  if (subscription.isError)
    return (
      <LoadError
        error={null}
        fallback={fr.errors.subscription.loadFailed}
        onRetry={() => void subscription.refetch()}
      />
    );

  const current = subscription.data.current;
  return (
    <Flex direction="column" gap="5">
      <CurrentPlanCard current={current} />
      <section aria-labelledby="plans-title">
        <Heading as="h2" size="4" id="plans-title" mb="3">
          {t.plans}
        </Heading>
        <PlanPicker
          currentFixed
          onFree={() =>
            toast({
              title: fr.errors.title,
              description: fr.errors.subscription.downgradeContactSupport,
              variant: "error",
            })
          }
        />
      </section>
      {can(role, "invoices.view") ? <InvoicesCard /> : null}
    </Flex>
  );
}
