import { can, type PlanType, periodEndDate } from "@certavis/domain";
import { formatDate, fr, planName } from "@certavis/i18n-fr";
import { Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { InlineLoadError } from "../../../components/inline-load-error";
import { PlanPicker } from "../../../components/plan-picker";
import { SettingsSection } from "../../../components/settings-section";
import { useSubscription } from "../../../lib/api/get-subscription";
import { useCaller } from "../../../lib/hooks/use-caller";
import { useCheckoutReturn } from "../../../lib/hooks/use-checkout-return";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useSchedulePlanChange } from "../api/schedule-plan-change";
import { BillingAddressCallout } from "./billing-address-callout";
import { CurrentPlanCard } from "./current-plan-card";
import { InvoicesCard } from "./invoices-card";
import { PlanChangeDialog } from "./plan-change-dialog";

const t = fr.settings.subscription;

/**
 * Abonnement (admin, accoutant, owner): current plan and status, plans and checkout (higher plans),
 * a lower plan from the end of the period, cancellation, invoices.
 */
export function SubscriptionTab() {
  useCheckoutReturn();
  const { role } = useCaller();
  const allowed = can(role, "subscription.manage");
  const subscription = useSubscription(allowed);
  const [lowering, setLowering] = useState<PlanType | null>(null);
  const schedule = useSchedulePlanChange();

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
      <InlineLoadError
        error={null}
        fallback={fr.errors.subscription.loadFailed}
        onRetry={() => void subscription.refetch()}
      />
    );

  const current = subscription.data.current;
  return (
    <Flex direction="column" gap="5">
      <BillingAddressCallout plan={current.type} status={current.status} />
      <CurrentPlanCard current={current} />
      <section aria-labelledby="plans-title">
        <Heading as="h2" size="4" id="plans-title" mb="3">
          {t.plans}
        </Heading>
        <PlanPicker currentFixed onLower={setLowering} onFree={() => setLowering("LANCEMENT")} />
      </section>
      <PlanChangeDialog
        from={current.type}
        to={lowering}
        effectiveAt={periodEndDate(current.current_period_end)}
        busy={schedule.isPending}
        onOpenChange={() => setLowering(null)}
        onConfirm={(type) =>
          schedule.mutate(type, {
            onSuccess: (answer) => {
              setLowering(null);
              toast({
                title: t.planChange.scheduledTitle,
                description: t.planChange.scheduled(planName(answer.type), formatDate(answer.effective_at)),
                variant: "success",
              });
            },
            onError: (error) => {
              setLowering(null);
              toastError(error, fr.errors.subscription.planChangeFailed);
            },
          })
        }
      />
      {can(role, "invoices.view") ? <InvoicesCard /> : null}
    </Flex>
  );
}
