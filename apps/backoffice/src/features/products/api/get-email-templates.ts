import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

const LIMIT = 100;

/** The company's e-mail templates, to link to a product. */
export const getEmailTemplates = async () =>
  readList(await api.get("/company/email-templates/", { params: { query: { limit: LIMIT } } }));

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.templates.list({ limit: LIMIT }), queryFn: getEmailTemplates });

export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions());
