import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

export const getJoinRequests = async () => readList(await api.get("/company/requests/"));

/** Spec §9: the pending-requests count goes stale after 30 s. */
export const JOIN_REQUESTS_STALE_MS = 30_000;

export const joinRequestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.requests, queryFn: getJoinRequests, staleTime: JOIN_REQUESTS_STALE_MS });

/**
 * Pending join requests of the company (the red dot): fetched again once stale, i.e. every 30 s while the
 * shell is open (the shell stays mounted, so nothing else would refresh it).
 */
export const usePendingJoinRequestCount = (enabled: boolean) =>
  useQuery({
    ...joinRequestsQueryOptions(),
    enabled,
    refetchInterval: JOIN_REQUESTS_STALE_MS,
    select: (list) => list.filter((r) => r.status === "pending").length,
  });

/** The company's join requests (team settings). */
export const useJoinRequests = () => useQuery(joinRequestsQueryOptions());
