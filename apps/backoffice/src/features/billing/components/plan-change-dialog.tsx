import { limitReductions, PLANS, type PlanType, priceHt } from "@certavis/domain";
import { formatDate, formatPrice, fr, limitReductionLabel, planName } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { AlertDialog, Flex, Text } from "@radix-ui/themes";

const t = fr.settings.subscription.planChange;

/**
 * Confirms a move to a lower plan: the date it takes effect (end of the paid period), the next
 * invoice, and what the lower plan takes away; nothing is deleted.
 */
export function PlanChangeDialog({
  from,
  to,
  effectiveAt,
  busy,
  onOpenChange,
  onConfirm,
}: {
  from: PlanType;
  /** The lower plan; null: closed. */
  to: PlanType | null;
  effectiveAt: Date | null;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (to: PlanType) => void;
}) {
  const open = to !== null && effectiveAt !== null;
  const plan = to ? PLANS[to] : null;
  const date = effectiveAt ? formatDate(effectiveAt) : "";
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Content maxWidth="480px">
        {to && plan ? (
          <>
            <AlertDialog.Title>{t.dialogTitle(planName(to))}</AlertDialog.Title>
            <AlertDialog.Description size="2">{t.when(planName(to), date)}</AlertDialog.Description>
            <Text as="p" size="2" mt="2">
              {plan.free
                ? t.noMoreInvoice
                : t.nextInvoice(
                    formatPrice(priceHt(plan.price), plan.currency),
                    formatPrice(plan.price, plan.currency),
                  )}
            </Text>
            <Text as="p" size="2" weight="bold" mt="3">
              {t.changesTitle}
            </Text>
            <ul className="m-0 mt-1 flex flex-col gap-1 pl-5 text-sm">
              {limitReductions(from, to).map((reduction) => (
                <li key={reduction.key}>{limitReductionLabel(reduction)}</li>
              ))}
            </ul>
            <Text as="p" size="2" color="gray" mt="3">
              {t.keepData}
            </Text>
            <Flex gap="3" mt="4" justify="end" wrap="wrap">
              <AlertDialog.Cancel>
                <Button variant="outline" disabled={busy}>
                  {fr.editor.confirm.cancel}
                </Button>
              </AlertDialog.Cancel>
              <Button disabled={busy} loading={busy} onClick={() => onConfirm(to)}>
                {t.confirm}
              </Button>
            </Flex>
          </>
        ) : null}
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
