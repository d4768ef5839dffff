import { queryKeys } from "@certavis/api-client/react-query";
import { fr } from "@certavis/i18n-fr";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "../toast/toast-store";

const c = fr.settings.subscription.checkout;

/**
 * Back from the checkout page (`?checkout=success|cancel`): a toast, data refreshed on success, then the
 * parameter removed from the address (dashboard and settings/subscription).
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const checkout = params.get("checkout");

  useEffect(() => {
    if (checkout !== "success" && checkout !== "cancel") return;
    if (checkout === "cancel") {
      toast({ title: c.cancelledTitle, description: c.cancelledDescription });
    } else {
      void client.invalidateQueries({ queryKey: queryKeys.company });
      void client.invalidateQueries({ queryKey: queryKeys.subscription });
      toast({
        title: c.successTitle,
        description: c.successDescription,
        variant: "success",
      });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("checkout");
        return next;
      },
      { replace: true },
    );
  }, [checkout, client, setParams]);
}
