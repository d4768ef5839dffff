import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
import { type FormEvent, useId, useState } from "react";
import { useUpdateBillingDetails } from "../lib/api/update-billing-details";
import { type FieldErrors, showSaveError } from "../lib/field-errors";
import { ErrorCallout } from "./error-callout";
import { FormField } from "./form-field";

const t = fr.plans.billingDetails;
const labels = fr.settings.company;

/**
 * The billing address (SIREN and VAT number optional), asked before the first paid checkout: the
 * server refuses a paid checkout without it, since no invoice is issued without one. `onSaved` goes on
 * to the checkout.
 */
export function BillingDetailsDialog({
  open,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [address, setAddress] = useState("");
  const [siren, setSiren] = useState("");
  const [vatNumber, setVatNumber] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateBillingDetails();
  const addressId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!address.trim()) {
      setErrors({ billing_address: fr.errors.subscription.billingAddressRequired });
      return;
    }
    save.mutate(
      {
        billing_address: address.trim(),
        billing_siren: siren.trim() || null,
        billing_vat_number: vatNumber.trim() || null,
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
        <Dialog.Description size="2">{t.description}</Dialog.Description>
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="3" mt="3">
            <ErrorCallout message={errors._general} />
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={addressId} size="2" weight="medium">
                {labels.billingAddress}
              </Text>
              <TextArea
                id={addressId}
                value={address}
                rows={3}
                maxLength={500}
                autoComplete="street-address"
                aria-describedby={`${addressId}-hint${errors.billing_address ? ` ${addressId}-error` : ""}`}
                aria-invalid={errors.billing_address ? true : undefined}
                onChange={(e) => setAddress(e.target.value)}
              />
              <Text id={`${addressId}-hint`} size="1" color="gray">
                {labels.billingAddressHint}
              </Text>
              {errors.billing_address ? (
                <Text id={`${addressId}-error`} size="1" color="red">
                  {errors.billing_address}
                </Text>
              ) : null}
            </Flex>
            <FormField
              label={labels.billingSiren}
              value={siren}
              inputMode="numeric"
              maxLength={20}
              error={errors.billing_siren}
              onChange={(e) => setSiren(e.target.value)}
            />
            <FormField
              label={labels.billingVatNumber}
              value={vatNumber}
              maxLength={20}
              error={errors.billing_vat_number}
              onChange={(e) => setVatNumber(e.target.value)}
            />
            <Flex justify="end" gap="2">
              <Dialog.Close>
                <Button type="button" variant="secondary">
                  {t.cancel}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={save.isPending}>
                {t.submit}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
