import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";

export interface BillingDetails {
  billing_address: string;
  billing_siren: string | null;
  billing_vat_number: string | null;
}

/** PATCH /company/ with what invoices print: asked before the first paid checkout. */
export const updateBillingDetails = (details: BillingDetails) => api.patch("/company/", { body: details });

export const useUpdateBillingDetails = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBillingDetails,
    onSuccess: (company) => client.setQueryData(queryKeys.company, company),
  });
};
