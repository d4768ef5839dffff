import { queryKeys } from "@certavis/api-client/react-query";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getShopReports = () => api.get("/company/reports/", { params: { query: { status: "open" } } });

/** Visitors' open reports routed to the shop (shop mode), newest first. */
export const useShopReports = (enabled: boolean) =>
  useQuery({ queryKey: [...queryKeys.reviews.all, "reports"], queryFn: getShopReports, enabled });
