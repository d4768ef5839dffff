import type { AppConfig } from "../../config";
import { DEV_ORIGINS } from "../../http/security";

/** Origins the checkout may send the browser back to: PUBLIC_URL (and the Vite dev servers outside production). */
export function redirectOrigins(config: Pick<AppConfig, "publicUrl" | "nodeEnv">): string[] {
  const origins = [originOf(config.publicUrl)];
  if (config.nodeEnv !== "production") origins.push(...DEV_ORIGINS);
  return [...new Set(origins.filter((o): o is string => o !== null))];
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Whether `url` is an absolute http(s) URL on an allowed origin (never an open redirect). */
export function isAllowedRedirect(url: string, config: Pick<AppConfig, "publicUrl" | "nodeEnv">): boolean {
  const origin = originOf(url);
  return origin !== null && redirectOrigins(config).includes(origin);
}

/** The URL itself when allowed, else the back-office home with the same `checkout` outcome. */
export function safeRedirect(
  url: string,
  outcome: "success" | "cancel",
  config: Pick<AppConfig, "publicUrl" | "nodeEnv">,
): string {
  return isAllowedRedirect(url, config) ? url : `${config.publicUrl}/?checkout=${outcome}`;
}
