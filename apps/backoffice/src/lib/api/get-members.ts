import { readList, type Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

export type Member = Schema<"Member">;

export const getMembers = async () => readList(await api.get("/company/members/"));

export const membersQueryOptions = () => queryOptions({ queryKey: queryKeys.members, queryFn: getMembers });

export const useMembers = () => useQuery(membersQueryOptions());
