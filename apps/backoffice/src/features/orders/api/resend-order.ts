import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { orderQueryOptions } from "./get-order";

/** 'Renvoyer': `POST /company/orders/{id}/resend/`, a failed request queued again (once). */
export const resendOrder = (id: string) =>
  api.post("/company/orders/{id}/resend/", { params: { path: { id } } });

export const useResendOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendOrder,
    onSuccess: (order) => client.setQueryData(orderQueryOptions(order.id).queryKey, order),
    onSettled: () => client.invalidateQueries({ queryKey: ["orders"] }),
  });
};
