import { common } from "@certavis/i18n-fr/messages/common";
import { errors } from "@certavis/i18n-fr/messages/errors";
import { widget } from "@certavis/i18n-fr/messages/widget";

/**
 * The catalogue groups the widget uses, imported one by one: the whole `fr` object would put every
 * screen's strings in the bundle.
 */
export const fr = { common, errors, widget } as const;
