import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { useUpdateBillingDetails } from "../lib/api/update-billing-details";
import { type FieldErrors, showSaveError } from "../lib/field-errors";
import { type BillingAddress, BillingAddressFields } from "./billing-address-fields";
import { ErrorCallout } from "./error-callout";

const t = fr.plans.billingDetails;

/**
 * The billing address (SIREN and VAT number optional), asked before the first paid checkout: the
 * server refuses a paid checkout without it, since no invoice is issued without one. `onSaved` goes on
 * to the checkout. `forInvoices`: asked of a company already paying without it, whose invoices wait.
 */
export function BillingDetailsDialog({
  open,
  onOpenChange,
  onSaved,
  forInvoices = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
  forInvoices?: boolean;
}) {
  const [billing, setBilling] = useState<BillingAddress>({ address: "", siren: "", vatNumber: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateBillingDetails();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!billing.address.trim()) {
      setErrors({
        billing_address: forInvoices ? t.addressRequired : fr.errors.subscription.billingAddressRequired,
      });
      return;
    }
    save.mutate(
      {
        billing_address: billing.address.trim(),
        billing_siren: billing.siren.trim() || null,
        billing_vat_number: billing.vatNumber.trim() || null,
      },
      {
        onSuccess: () => {
          setErrors({});
          onOpenChange(false);
          onSaved();
        },
        onError: (error) => showSaveError(error, setErrors, fr.errors.company.updateFailed),
      },
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{t.title}</Dialog.Title>
        <Dialog.Description size="2">
          {forInvoices ? t.invoicesDescription : t.description}
        </Dialog.Description>
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="3" mt="3">
            <ErrorCallout message={errors._general} />
            <BillingAddressFields value={billing} onChange={setBilling} errors={errors} />
            <Flex justify="end" gap="2">
              <Dialog.Close>
                <Button type="button" variant="secondary">
                  {t.cancel}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={save.isPending}>
                {forInvoices ? t.save : t.submit}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
