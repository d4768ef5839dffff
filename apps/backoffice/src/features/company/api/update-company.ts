import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface CompanyInput {
  name?: string;
  billing_address?: string | null;
  billing_siren?: string | null;
  billing_vat_number?: string | null;
  website?: string | null;
  country?: string;
  contact_email?: string | null;
  slug?: string;
  public_page?: boolean;
  /** 'Avis sur la boutique': ask buyers about the shop itself. */
  store_reviews?: boolean;
  /** A new logo file, or null to remove it; absent to keep it. */
  logo?: File | null;
}

/** PATCH /company/: JSON, or multipart when a logo file is sent (spec §7). */
export const updateCompany = (input: CompanyInput) => {
  const { logo, ...fields } = input;
  if (logo instanceof File) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, String(value ?? ""));
    body.append("logo", logo);
    // openapi-fetch sends a FormData body as is (the browser sets the multipart boundary).
    return api.patch("/company/", { body: body as never });
  }
  if (logo === null)
    // The contract's `logo: null` (remove the logo) is generated as an optional `undefined`.
    return api.patch("/company/", { body: { ...fields, logo: null } as never });
  return api.patch("/company/", { body: fields });
};

export const useUpdateCompany = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => client.setQueryData(queryKeys.company, company),
  });
};
