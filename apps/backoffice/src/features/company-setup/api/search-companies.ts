import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_RESULTS = 5;

export const searchCompanies = async (search: string) =>
  readList(await api.get("/companies/", { params: { query: { search, limit: SEARCH_MAX_RESULTS } } })).slice(
    0,
    SEARCH_MAX_RESULTS,
  );

export const companySearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.companySearch(search),
    queryFn: () => searchCompanies(search.trim()),
    enabled: search.trim().length >= SEARCH_MIN_CHARS,
    staleTime: 30_000,
  });

/** Pass the debounced text: nothing is asked below 2 characters. */
export const useCompanySearch = (search: string) => useQuery(companySearchQueryOptions(search));
