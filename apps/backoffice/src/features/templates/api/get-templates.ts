import { readList, type Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type EmailTemplate = Schema<"EmailTemplate">;

const TEMPLATES_LIMIT = 100;

export const getTemplates = async () =>
  readList(await api.get("/company/email-templates/", { params: { query: { limit: TEMPLATES_LIMIT } } }));

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.templates.list({ limit: TEMPLATES_LIMIT }), queryFn: getTemplates });

export const useTemplates = () => useQuery(templatesQueryOptions());
