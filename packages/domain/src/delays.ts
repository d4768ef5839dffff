/** Slider bounds of spec §9: the request e-mail is sent J+n days after the order. */
export const REQUEST_DELAY = { min: 0, max: 60, step: 1, default: 3 } as const;

/** Reminder J+n days after the request; the product form starts at 7, the slider falls back to 1. */
export const REMINDER_DELAY = { min: 1, max: 60, step: 1, default: 7, fallback: 1 } as const;

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}

export function clampRequestDelay(value: unknown): number {
  return clampInt(value, REQUEST_DELAY.min, REQUEST_DELAY.max, REQUEST_DELAY.default);
}

export function clampReminderDelay(value: unknown): number {
  return clampInt(value, REMINDER_DELAY.min, REMINDER_DELAY.max, REMINDER_DELAY.fallback);
}
