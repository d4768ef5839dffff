import { readList, type Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Invitation = Schema<"Invitation">;

/** With a company: its pending invitations. */
export const getInvites = async () => readList(await api.get("/company/invites/"));

export const invitesQueryOptions = () => queryOptions({ queryKey: queryKeys.invites, queryFn: getInvites });

export const useInvites = () => useQuery(invitesQueryOptions());
