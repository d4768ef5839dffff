import { type CertavisClient, createCertavisClient } from "@certavis/api-client";
import { API_BASE } from "../app/config";

let sessionExpiredHandler: () => void = () => {};

/** The app navigates to /login when the session cannot be renewed (tokens are already cleared). */
export function onSessionExpired(handler: () => void) {
  sessionExpiredHandler = handler;
}

function create(baseUrl: string): CertavisClient {
  return createCertavisClient({ baseUrl, onSessionExpired: () => sessionExpiredHandler() });
}

/** The one API client of the back-office (bearer token, single-flight refresh on 401, ApiError). */
export let api: CertavisClient = create(API_BASE);

/** Tests point the client at a real local server (an absolute URL). */
export function setApiBaseUrl(baseUrl: string) {
  api = create(baseUrl);
}

export const tokenStore = {
  getAccess: () => api.tokenStore.getAccess(),
  set: (tokens: { access: string; refresh?: string | null }) => api.tokenStore.set(tokens),
  clear: () => api.tokenStore.clear(),
};
