import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getIntegrationSecret = (id: string) =>
  api.get("/company/integrations/{id}/secret/", { params: { path: { id } } });

/** Fetched only when an admin asks to see it, never kept after the page is left. */
export const integrationSecretQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.integrations.secret(id),
    queryFn: () => getIntegrationSecret(id),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useIntegrationSecret = (id: string, enabled: boolean) =>
  useQuery({ ...integrationSecretQueryOptions(id), enabled });
