import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

export type Company = Schema<"Company">;

export const getCompany = () => api.get("/company/");

export const companyQueryOptions = () => queryOptions({ queryKey: queryKeys.company, queryFn: getCompany });

export const useCompany = (enabled = true) => useQuery({ ...companyQueryOptions(), enabled });
