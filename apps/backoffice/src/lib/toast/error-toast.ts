import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { toast } from "./toast-store";

/** Spec §8: toast titled 'Erreur' with the server detail, else the given default. */
export function toastError(error: unknown, fallback: string) {
  toast({ title: fr.errors.title, description: errorMessage(error, fallback), variant: "error" });
}
