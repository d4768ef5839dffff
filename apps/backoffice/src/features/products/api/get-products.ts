import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

const PRODUCTS_LIMIT = 100;

/** Products for the review filter (spec §9: lists load 100 products). */
export const getProducts = async () =>
  readList(await api.get("/company/products/", { params: { query: { limit: PRODUCTS_LIMIT } } }));

export const productsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.products.list({ limit: PRODUCTS_LIMIT }), queryFn: getProducts });

export const useProducts = () => useQuery(productsQueryOptions());
