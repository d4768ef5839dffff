import type { PlatformId, ShopPlatform } from "./platform";
import { prestashop } from "./prestashop";
import { shopify } from "./shopify";
import { woocommerce } from "./woocommerce";

export type {
  ConnectionSetting,
  Handling,
  IntegrationRow,
  PlatformId,
  PullContext,
  ShopPlatform,
  WebhookReading,
} from "./platform";

/**
 * Every shop platform a connection may be of, by its id (`integrations.platform`): what differs
 * between them is read here, never by comparing a connection's platform with a name.
 */
export const PLATFORMS: Readonly<Record<PlatformId, ShopPlatform>> = { shopify, woocommerce, prestashop };

/** The platform of a connection's stored id (none for an id this server does not know). */
export function platformOf(id: string): ShopPlatform | null {
  return Object.hasOwn(PLATFORMS, id) ? PLATFORMS[id as PlatformId] : null;
}

/** The platforms whose orders we pull (the periodic pull reads their connections). */
export const PULLED_PLATFORMS: readonly PlatformId[] = (Object.keys(PLATFORMS) as PlatformId[]).filter(
  (id) => PLATFORMS[id].pull !== null,
);
