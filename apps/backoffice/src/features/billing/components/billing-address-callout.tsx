import { queryKeys } from "@certavis/api-client/react-query";
import { isSubscriptionUsable } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Flex } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BillingDetailsDialog } from "../../../components/billing-details-dialog";
import { useCompany } from "../../../lib/api/get-company";
import { toast } from "../../../lib/toast/toast-store";

const t = fr.settings.subscription.billingAddressMissing;

/**
 * A company paying its plan without a billing address (it subscribed before the address was asked):
 * its invoices wait for the address (the server issues none without it). Asks for it, in the dialog
 * of the checkout; once saved, the waiting invoices are issued and listed.
 */
export function BillingAddressCallout({ plan, status }: { plan: string; status: string }) {
  const company = useCompany();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const paying = plan !== "LANCEMENT" && isSubscriptionUsable(status);
  if (!paying || !company.data || company.data.billing_address) return null;
  return (
    <Callout.Root color="amber" role="status" aria-labelledby="billing-address-missing-title">
      <Flex direction="column" gap="2" align="start">
        <Callout.Text id="billing-address-missing-title" weight="bold">
          {t.title}
        </Callout.Text>
        <Callout.Text>{t.description}</Callout.Text>
        <Button type="button" onClick={() => setOpen(true)}>
          {t.action}
        </Button>
      </Flex>
      <BillingDetailsDialog
        open={open}
        onOpenChange={setOpen}
        forInvoices
        onSaved={() => {
          void client.invalidateQueries({ queryKey: queryKeys.invoices });
          toast({ title: t.saved, description: t.savedDescription, variant: "success" });
        }}
      />
    </Callout.Root>
  );
}
