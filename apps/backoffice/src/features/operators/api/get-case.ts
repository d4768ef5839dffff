import type { Schema } from "@certavis/api-client";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { operatorKeys } from "./keys";

export type OperatorCase = Schema<"OperatorCase">;

export const getCase = (id: string) => api.get("/operator/reviews/{id}/", { params: { path: { id } } });

export const useCase = (id: string | null) =>
  useQuery({
    queryKey: operatorKeys.case(id ?? ""),
    queryFn: () => getCase(id ?? ""),
    enabled: id !== null,
    retry: false,
  });
