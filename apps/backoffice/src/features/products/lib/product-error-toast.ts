import { ApiError, errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";

/**
 * Spec §8: a 403 on creating or duplicating a product is the plan's limit ('Limite atteinte' with the
 * server's 'Votre abonnement a atteint la limite de produits (n produits).'); anything else is 'Erreur'.
 */
export function toastProductError(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.status === 403) {
    toast({
      title: fr.errors.products.limitTitle,
      description: errorMessage(error, fallback),
      variant: "error",
    });
    return;
  }
  toastError(error, fallback);
}
