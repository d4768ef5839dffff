import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

export type User = Schema<"User">;

export const getMe = () => api.get("/users/me/");

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: getMe, staleTime: 30_000, retry: false });

export const useMe = (enabled = true) => useQuery({ ...meQueryOptions(), enabled });
