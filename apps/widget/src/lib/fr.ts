import { common } from "@certavis/i18n-fr/messages/common";
import { moderationNotice } from "@certavis/i18n-fr/messages/moderation-notice";
import { widget } from "@certavis/i18n-fr/messages/widget";
import { widgetErrors } from "@certavis/i18n-fr/messages/widget-errors";

/**
 * The catalogue groups the widget uses, imported one by one: the whole `fr` object would put every
 * screen's strings in the bundle.
 */
export const fr = { common, errors: { widget: widgetErrors }, moderation: moderationNotice, widget } as const;
