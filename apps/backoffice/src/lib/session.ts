import type { QueryClient } from "@tanstack/react-query";
import { api, tokenStore } from "./api-client";

export const hasSession = () => Boolean(tokenStore.getAccess());

/**
 * 'Se déconnecter': tokens cleared and cached data dropped at once; the refresh token's family is revoked
 * on the server in the background (a failure there changes nothing for the user).
 */
export function signOut(client: QueryClient) {
  const refresh = api.tokenStore.getRefresh();
  tokenStore.clear();
  client.clear();
  if (refresh) api.post("/auth/logout/", { body: { refresh } }).catch(() => undefined);
}
