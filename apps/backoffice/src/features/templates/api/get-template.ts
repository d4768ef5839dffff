import { ApiError } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getTemplate = (id: string) =>
  api.get("/company/email-templates/{id}/", { params: { path: { id } } });

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.templates.detail(id),
    queryFn: () => getTemplate(id),
    retry: (count, error) => !(error instanceof ApiError && [400, 404].includes(error.status)) && count < 2,
  });

export const useTemplate = (id: string | undefined) =>
  useQuery({ ...templateQueryOptions(id ?? ""), enabled: Boolean(id) });
