import type { QueryClient } from "@tanstack/react-query";
import { tokenStore } from "./api-client";

export const hasSession = () => Boolean(tokenStore.getAccess());

/** 'Se déconnecter': tokens cleared, cached data dropped. */
export function signOut(client: QueryClient) {
  tokenStore.clear();
  client.clear();
}
