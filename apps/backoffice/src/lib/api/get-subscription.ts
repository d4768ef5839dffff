import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

/** Plans (LANCEMENT, CROISSANCE, EXPANSION) and the current subscription (ARCHITECTURE §10.3). */
export const getSubscription = () => api.get("/company/subscription/");

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.subscription, queryFn: getSubscription });

export const useSubscription = (enabled = true) => useQuery({ ...subscriptionQueryOptions(), enabled });
