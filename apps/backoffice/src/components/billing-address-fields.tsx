import { fr } from "@certavis/i18n-fr";
import { Flex, Text, TextArea } from "@radix-ui/themes";
import { useId } from "react";
import type { FieldErrors } from "../lib/field-errors";
import { FormField } from "./form-field";

const t = fr.settings.company;

/** The company's billing details as typed: postal address, SIREN and VAT number (both optional). */
export interface BillingAddress {
  address: string;
  siren: string;
  vatNumber: string;
}

/**
 * The billing address, SIREN and VAT number fields, with the server's errors under each: the same in
 * Entreprise's form and in the dialog asked before the first paid checkout.
 */
export function BillingAddressFields({
  value,
  onChange,
  errors,
  disabled = false,
}: {
  value: BillingAddress;
  onChange: (next: BillingAddress) => void;
  errors: FieldErrors;
  disabled?: boolean;
}) {
  const addressId = useId();
  return (
    <>
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={addressId} size="2" weight="medium">
          {t.billingAddress}
        </Text>
        <TextArea
          id={addressId}
          value={value.address}
          disabled={disabled}
          rows={3}
          maxLength={500}
          autoComplete="street-address"
          aria-describedby={`${addressId}-hint${errors.billing_address ? ` ${addressId}-error` : ""}`}
          aria-invalid={errors.billing_address ? true : undefined}
          onChange={(e) => onChange({ ...value, address: e.target.value })}
        />
        <Text id={`${addressId}-hint`} size="1" color="gray">
          {t.billingAddressHint}
        </Text>
        {errors.billing_address ? (
          <Text id={`${addressId}-error`} size="1" color="red">
            {errors.billing_address}
          </Text>
        ) : null}
      </Flex>
      <FormField
        label={t.billingSiren}
        value={value.siren}
        disabled={disabled}
        inputMode="numeric"
        maxLength={20}
        error={errors.billing_siren}
        onChange={(e) => onChange({ ...value, siren: e.target.value })}
      />
      <FormField
        label={t.billingVatNumber}
        value={value.vatNumber}
        disabled={disabled}
        maxLength={20}
        error={errors.billing_vat_number}
        onChange={(e) => onChange({ ...value, vatNumber: e.target.value })}
      />
    </>
  );
}
