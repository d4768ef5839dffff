export const SIDEBAR_COOKIE = "sidebar_state";
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/** true = expanded (the default when no cookie). */
export function readSidebarExpanded(cookie = document.cookie): boolean {
  const match = cookie.match(/(?:^|;\s*)sidebar_state=(true|false)/);
  return match ? match[1] === "true" : true;
}

export function writeSidebarExpanded(expanded: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox/Safari and jsdom
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SEVEN_DAYS_S}; SameSite=Lax`;
}
