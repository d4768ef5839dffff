import { readList, type Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Invoice = Schema<"Invoice">;

/** Spec §7: an array or a paged object; both are read. */
export const getInvoices = async () => readList(await api.get("/company/invoices/"));

export const invoicesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.invoices, queryFn: getInvoices });

export const useInvoices = (enabled = true) => useQuery({ ...invoicesQueryOptions(), enabled });
