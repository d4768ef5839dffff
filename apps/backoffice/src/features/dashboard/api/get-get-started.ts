import { queryKeys } from "@certavis/api-client/react-query";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getStartedKey = [...queryKeys.company, "get-started"] as const;

export const getGetStarted = () => api.get("/company/get-started/", {});

/** The dashboard's guided start: each step ticked from the company's data. */
export const useGetStarted = () => useQuery({ queryKey: getStartedKey, queryFn: getGetStarted });
