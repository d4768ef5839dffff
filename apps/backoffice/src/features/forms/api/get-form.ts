import { ApiError } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getForm = (id: string) => api.get("/company/forms/{id}/", { params: { path: { id } } });

export const formQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.forms.detail(id),
    queryFn: () => getForm(id),
    retry: (count, error) => !(error instanceof ApiError && [400, 404].includes(error.status)) && count < 2,
  });

export const useReviewForm = (id: string | undefined) =>
  useQuery({ ...formQueryOptions(id ?? ""), enabled: Boolean(id) });
