import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Without a company, GET /company/invites/ lists the pending invitations received at the user's e-mail. */
export const getReceivedInvitations = async () => readList(await api.get("/company/invites/"));

export const receivedInvitationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.invites, queryFn: getReceivedInvitations });

export const useReceivedInvitations = () => useQuery(receivedInvitationsQueryOptions());
