import { publicForm } from "@certavis/i18n-fr/messages/public-form";

/**
 * The catalogue group the fields use, imported alone: the whole `fr` object would put every
 * back-office screen's strings in the review form's bundle.
 */
export const fr = { publicForm } as const;
