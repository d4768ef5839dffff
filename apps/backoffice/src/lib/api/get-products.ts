import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

/** Spec §9: lists load 100 products. */
export const PRODUCTS_LIMIT = 100;

/** The company's products (products page, reviews filter). */
export const getProducts = async () =>
  readList(await api.get("/company/products/", { params: { query: { limit: PRODUCTS_LIMIT } } }));

export const productsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.products.list({ limit: PRODUCTS_LIMIT }), queryFn: getProducts });

export const useProducts = () => useQuery(productsQueryOptions());
