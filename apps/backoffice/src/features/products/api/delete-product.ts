import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Deletes the product with its orders, reviews and ratings. */
export const deleteProduct = (id: string) =>
  api.delete("/company/products/{id}/", { params: { path: { id } } });

export const useDeleteProduct = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.products.lists() }),
        client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        client.invalidateQueries({ queryKey: queryKeys.company }),
      ]),
  });
};
