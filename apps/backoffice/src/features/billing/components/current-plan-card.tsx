import { periodEndDate } from "@certavis/domain";
import { formatDate, fr, planName, subscriptionStatusLabel } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Badge, DataList, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SettingsSection } from "../../../components/settings-section";
import type { useSubscription } from "../../../lib/api/get-subscription";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useCancelPlanChange } from "../api/cancel-plan-change";
import { useCancelSubscription } from "../api/cancel-subscription";

const t = fr.settings.subscription;

type Current = NonNullable<ReturnType<typeof useSubscription>["data"]>["current"];

/**
 * The current plan and status (spec §4 labels), the change scheduled for the end of the period (a
 * lower plan or the end of the subscription) with a way to call it off, and cancellation.
 */
export function CurrentPlanCard({ current }: { current: Current }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const callOff = useCancelPlanChange();
  const paid = current.type !== "LANCEMENT";
  const end = periodEndDate(current.current_period_end);
  const scheduled = current.scheduled_change;

  return (
    <SettingsSection id="current-plan-title" title={t.currentPlan}>
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>{t.plan}</DataList.Label>
          <DataList.Value>
            <Text weight="bold">{planName(current.type)}</Text>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t.status}</DataList.Label>
          <DataList.Value>
            <Badge color={current.status === "active" ? "jade" : "amber"}>
              {subscriptionStatusLabel(current.status)}
            </Badge>
          </DataList.Value>
        </DataList.Item>
        {paid && end ? (
          <DataList.Item>
            <DataList.Label>{t.periodEnd}</DataList.Label>
            <DataList.Value>{formatDate(end)}</DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      {scheduled ? (
        <Flex
          mt="3"
          gap="3"
          align={{ sm: "center" }}
          justify="between"
          direction={{ initial: "column", sm: "row" }}
        >
          <Text as="p" size="2" color="amber">
            {scheduled.type === "LANCEMENT"
              ? t.cancelScheduled(formatDate(scheduled.effective_at))
              : t.planChange.scheduled(planName(scheduled.type), formatDate(scheduled.effective_at))}
          </Text>
          <Button
            variant="outline"
            loading={callOff.isPending}
            disabled={callOff.isPending}
            onClick={() =>
              callOff.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: t.planChange.cancelledTitle,
                    description: t.planChange.cancelledDescription(planName(current.type)),
                    variant: "success",
                  }),
                onError: (error) => toastError(error, fr.errors.subscription.cancelChangeFailed),
              })
            }
          >
            {t.planChange.cancel}
          </Button>
        </Flex>
      ) : null}
      {paid && !scheduled && !current.cancel_at_period_end && current.status !== "canceled" ? (
        <Flex mt="3">
          <Button variant="outline" onClick={() => setConfirming(true)}>
            {t.cancel}
          </Button>
        </Flex>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.cancelTitle}
        description={t.cancelDescription}
        confirmLabel={t.cancel}
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              const date = periodEndDate(answer.current_period_end);
              toast({
                title: t.cancelledTitle,
                description: date ? t.cancelScheduled(formatDate(date)) : undefined,
                variant: "success",
              });
            },
            onError: (error) => {
              setConfirming(false);
              toastError(error, fr.errors.subscription.cancelFailed);
            },
          })
        }
      />
    </SettingsSection>
  );
}
