import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** ARCHITECTURE §10.6: POST …/{id}/duplicate/ makes a draft copy. */
export const duplicateProduct = (id: string) =>
  api.post("/company/products/{id}/duplicate/", { params: { path: { id } } });

export const useDuplicateProduct = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: duplicateProduct,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.products.lists() }),
  });
};
