import { defaultQueryClientOptions } from "@certavis/api-client/react-query";
import { QueryClient } from "@tanstack/react-query";

// Spec §9: unused data kept 5 min, 3 retries with exponential backoff capped at 30 s (4xx not retried).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    ...defaultQueryClientOptions,
    defaultOptions: {
      ...defaultQueryClientOptions.defaultOptions,
      queries: {
        ...defaultQueryClientOptions.defaultOptions.queries,
        staleTime: 10_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
