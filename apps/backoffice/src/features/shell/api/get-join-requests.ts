import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getJoinRequests = async () => readList(await api.get("/company/requests/"));

export const joinRequestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.requests, queryFn: getJoinRequests, staleTime: 30_000 });

/** Pending join requests of the company (the red dot), refreshed after 30 s staleness. */
export const usePendingJoinRequestCount = (enabled: boolean) =>
  useQuery({
    ...joinRequestsQueryOptions(),
    enabled,
    select: (list) => list.filter((r) => r.status === "pending").length,
  });
