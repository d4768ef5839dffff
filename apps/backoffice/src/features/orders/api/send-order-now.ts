import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { orderQueryOptions } from "./get-order";

/** 'Envoyer maintenant': `POST /company/orders/{id}/send-now/`, the scheduled request due now. */
export const sendOrderNow = (id: string) =>
  api.post("/company/orders/{id}/send-now/", { params: { path: { id } } });

export const useSendOrderNow = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendOrderNow,
    onSuccess: (order) => client.setQueryData(orderQueryOptions(order.id).queryKey, order),
    onSettled: () => client.invalidateQueries({ queryKey: ["orders"] }),
  });
};
