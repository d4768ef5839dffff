/** The API is always served under this path prefix (the dev server proxies it to the API). */
export const API_BASE = "/api/v1";
