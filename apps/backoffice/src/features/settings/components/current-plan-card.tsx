import { periodEndDate } from "@certavis/domain";
import { formatDate, fr, planName, subscriptionStatusLabel } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Badge, Card, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { useSubscription } from "../../../lib/api/get-subscription";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useCancelSubscription } from "../api/cancel-subscription";

const t = fr.settings.subscription;

type Current = NonNullable<ReturnType<typeof useSubscription>["data"]>["current"];

/** The current plan and status (spec §4 labels), and cancellation at the end of the period. */
export function CurrentPlanCard({ current }: { current: Current }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const paid = current.type !== "LANCEMENT";
  const end = periodEndDate(current.current_period_end);

  return (
    <Card size="3" asChild>
      <section aria-labelledby="current-plan-title">
        <Heading as="h2" size="4" id="current-plan-title" mb="3">
          {t.currentPlan}
        </Heading>
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
        {paid && current.cancel_at_period_end && end ? (
          <Text as="p" size="2" mt="3" color="amber">
            {t.cancelScheduled(formatDate(end))}
          </Text>
        ) : null}
        {paid && !current.cancel_at_period_end && current.status !== "canceled" ? (
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
      </section>
    </Card>
  );
}
