import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Without a company, GET /company/requests/ lists the user's own pending join requests. */
export const getMyJoinRequests = async () => readList(await api.get("/company/requests/"));

export const myJoinRequestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.requests, queryFn: getMyJoinRequests });

export const useMyJoinRequests = (enabled = true) => useQuery({ ...myJoinRequestsQueryOptions(), enabled });

export const sendJoinRequest = (companyId: string) =>
  api.post("/company/requests/", { body: { company_id: companyId } });

export const cancelJoinRequest = (id: string) =>
  api.delete("/company/requests/{id}/", { params: { path: { id } } });

function useRefreshRequests() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.requests }),
      client.invalidateQueries({ queryKey: queryKeys.me }),
    ]);
}

export const useSendJoinRequest = () => {
  const refresh = useRefreshRequests();
  return useMutation({ mutationFn: sendJoinRequest, onSuccess: refresh });
};

export const useCancelJoinRequest = () => {
  const refresh = useRefreshRequests();
  return useMutation({ mutationFn: cancelJoinRequest, onSuccess: refresh });
};
