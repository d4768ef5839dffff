import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type IntegrationEvent = Schema<"IntegrationEvent">;

export const INTEGRATION_EVENTS_PAGE = 10;

export const getIntegrationEvents = (id: string, offset: number) =>
  api.get("/company/integrations/{id}/events/", {
    params: { path: { id }, query: { limit: INTEGRATION_EVENTS_PAGE, offset } },
  });

export const integrationEventsQueryOptions = (id: string, offset: number) =>
  queryOptions({
    queryKey: queryKeys.integrations.events(id, { offset }),
    queryFn: () => getIntegrationEvents(id, offset),
    placeholderData: keepPreviousData,
  });

export const useIntegrationEvents = (id: string, offset: number) =>
  useQuery(integrationEventsQueryOptions(id, offset));
