import { common } from "@certavis/i18n-fr/messages/common";
import { errors } from "@certavis/i18n-fr/messages/errors";
import { publicForm } from "@certavis/i18n-fr/messages/public-form";

/**
 * The catalogue groups the review form uses, imported one by one: the whole `fr` object would put
 * every back-office screen's strings in the bundle.
 */
export const fr = { common, errors, publicForm } as const;
