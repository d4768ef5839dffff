import { queryKeys } from "@certavis/api-client/react-query";
import type { ProductStatus } from "@certavis/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Spec §7: the card's badge sends a status-only update. */
export const updateProductStatus = (id: string, status: ProductStatus) =>
  api.patch("/company/products/{id}/", { params: { path: { id } }, body: { status } });

export const useUpdateProductStatus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ProductStatus }) => updateProductStatus(id, status),
    onSuccess: (product) => client.setQueryData(queryKeys.products.detail(product.id), product),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.products.lists() }),
  });
};
