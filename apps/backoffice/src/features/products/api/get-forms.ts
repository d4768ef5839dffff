import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

const LIMIT = 100;

/** The company's review forms, to link to a product. */
export const getForms = async () =>
  readList(await api.get("/company/forms/", { params: { query: { limit: LIMIT } } }));

export const formsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.forms.list({ limit: LIMIT }), queryFn: getForms });

export const useForms = () => useQuery(formsQueryOptions());
