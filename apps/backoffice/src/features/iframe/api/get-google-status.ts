import { queryKeys } from "@certavis/api-client/react-query";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const googleStatusKey = [...queryKeys.company, "google"] as const;

export const getGoogleStatus = () => api.get("/company/google/", {});

/** Where the shop stands with Google: its store and product reviews against Google's thresholds. */
export const useGoogleStatus = () => useQuery({ queryKey: googleStatusKey, queryFn: getGoogleStatus });
