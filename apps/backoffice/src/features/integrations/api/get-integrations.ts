import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Integration = Schema<"Integration">;

export const getIntegrations = () => api.get("/company/integrations/", { params: { query: { limit: 100 } } });

export const integrationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.integrations.list(), queryFn: getIntegrations });

export const useIntegrations = () => useQuery(integrationsQueryOptions());
