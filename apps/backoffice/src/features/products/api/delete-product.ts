import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PRODUCTS_LIMIT } from "../../../lib/api/get-products";
import { api } from "../../../lib/api-client";

type Product = Schema<"Product">;

/** Deletes the product with its orders, reviews and ratings. */
export const deleteProduct = (id: string) =>
  api.delete("/company/products/{id}/", { params: { path: { id } } });

export const useDeleteProduct = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // The list refetches in the background: the confirmation closes as soon as the product is gone.
    onSuccess: (_, id) =>
      client.setQueryData(queryKeys.products.list({ limit: PRODUCTS_LIMIT }), (list: Product[] | undefined) =>
        list?.filter((p) => p.id !== id),
      ),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.products.lists() });
      void client.invalidateQueries({ queryKey: queryKeys.reviews.all });
      void client.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
};
