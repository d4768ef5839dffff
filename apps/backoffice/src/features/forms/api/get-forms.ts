import { readList, type Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type ReviewForm = Schema<"Form">;

const FORMS_LIMIT = 100;

export const getForms = async () =>
  readList(await api.get("/company/forms/", { params: { query: { limit: FORMS_LIMIT } } }));

export const formsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.forms.list({ limit: FORMS_LIMIT }), queryFn: getForms });

export const useForms = () => useQuery(formsQueryOptions());
