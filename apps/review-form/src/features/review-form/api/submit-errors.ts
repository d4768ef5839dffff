import { fieldErrors, generalErrors, messageFromBody } from "@certavis/api-client";
import { fr } from "../../../lib/fr";
import type { SubmitResult } from "./submit-review";

export interface SubmitErrors {
  /** First message per form field id. */
  fields: Record<string, string>;
  /** Messages for the banner above the form. */
  banner: string[];
}

/**
 * Spec §8: a 400 maps its messages to the fields (root, non_field_errors, all, detail go to the banner;
 * keys that name no field of the form too), falling back to 'Une erreur est survenue. Veuillez réessayer.';
 * any other failure shows the server's detail or 'Impossible d’envoyer votre avis pour le moment.'.
 */
export function submitErrorsOf(
  result: Exclude<SubmitResult, { ok: true }>,
  fieldIds: string[],
): SubmitErrors {
  if (result.status !== 400) {
    return { fields: {}, banner: [messageFromBody(result.body) ?? fr.errors.publicForm.sendFailed] };
  }
  const known = new Set(fieldIds);
  const fields: Record<string, string> = {};
  const banner = generalErrors(result.body);
  for (const [key, message] of Object.entries(fieldErrors(result.body))) {
    if (known.has(key)) fields[key] = message;
    else banner.push(message);
  }
  if (Object.keys(fields).length === 0 && banner.length === 0) banner.push(fr.errors.publicForm.submitFailed);
  return { fields, banner: [...new Set(banner)] };
}
