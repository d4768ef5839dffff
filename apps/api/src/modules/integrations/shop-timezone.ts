import { fr } from "@certavis/i18n-fr/server";
import { fieldErrors } from "../../http/errors";
import { isTimeZone } from "../../lib/zoned-time";

/** The timezone of a shop that names none (PrestaShop's dates carry none). */
export const DEFAULT_SHOP_TIMEZONE = "Europe/Paris";

/** A timezone given for a shop, trimmed; a French 400 when unknown. */
export function checkedTimeZone(value: string | undefined): string {
  const name = value?.trim() || DEFAULT_SHOP_TIMEZONE;
  if (!isTimeZone(name)) throw fieldErrors({ timezone: [fr.server.integrations.timezoneUnknown] });
  return name;
}
