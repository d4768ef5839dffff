export const DEFAULT_ACCENT_COLOR = "#10b981";

const HEX_COLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** '#rgb' or '#rrggbb' (case kept, # added) for 3 or 6 hex digits with or without '#'; else '#10b981'. */
export function normalizeAccentColor(value: unknown): string {
  if (typeof value !== "string") return DEFAULT_ACCENT_COLOR;
  const match = HEX_COLOR.exec(value.trim());
  return match?.[1] ? `#${match[1]}` : DEFAULT_ACCENT_COLOR;
}

export function isValidAccentColor(value: unknown): boolean {
  return typeof value === "string" && HEX_COLOR.test(value.trim());
}
