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

/** Whether `value` is a valid request delay (whole days J+0..J+60). */
export function isRequestDelay(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= REQUEST_DELAY.min &&
    (value as number) <= REQUEST_DELAY.max
  );
}

/** Whether `value` is a valid reminder delay (whole days J+1..J+60 after the request). */
export function isReminderDelay(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= REMINDER_DELAY.min &&
    (value as number) <= REMINDER_DELAY.max
  );
}

/**
 * Days after the order when the request e-mail goes out: the request template's own delay wins over
 * the product's (spec §9).
 */
export function requestDelayDays(
  template: { sendAfter: number | null } | null | undefined,
  product: { initialEmailDelayDays: number },
): number {
  return template?.sendAfter ?? product.initialEmailDelayDays;
}

/** Days after the request when the reminder goes out: the reminder template's delay wins over the product's. */
export function reminderDelayDays(
  template: { remindAfter: number | null } | null | undefined,
  product: { followUpDelayDays: number },
): number {
  return template?.remindAfter ?? product.followUpDelayDays;
}

/** Products one order may hold (`items` of `POST /orders/`, lines of one reference in a CSV file). */
export const MAX_ORDER_ITEMS = 50;

/**
 * The delays of one order of several products, which gets one request and at most one reminder: the
 * request waits for the latest of its products' delays, the reminder (when one product asks for it)
 * for the latest reminder delay after it.
 */
export function orderEmailDelays(
  delays: readonly { requestAfterDays: number; reminderAfterDays: number | null }[],
): { requestAfterDays: number; reminderAfterDays: number | null } {
  const reminders = delays.flatMap((d) => (d.reminderAfterDays === null ? [] : [d.reminderAfterDays]));
  return {
    requestAfterDays: Math.max(0, ...delays.map((d) => d.requestAfterDays)),
    reminderAfterDays: reminders.length ? Math.max(...reminders) : null,
  };
}

/** A review link stays valid at least this many days after the last e-mail carrying it went out. */
export const REVIEW_KEY_DAYS_AFTER_LAST_EMAIL = 30;

/** Orders older than this many days may be imported without writing to their buyers (issue 27.9). */
export const OLD_ORDER_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whether an order of `orderDate` is older than `OLD_ORDER_DAYS` at `now`. */
export function isOldOrder(orderDate: Date, now: Date): boolean {
  return now.getTime() - orderDate.getTime() > OLD_ORDER_DAYS * DAY_MS;
}

/**
 * The first order date whose request may still be sent at `now` (an order held by a draft product is
 * offered to its owner until it is `OLD_ORDER_DAYS` old).
 */
export function reviewWindowStart(now: Date): Date {
  return new Date(now.getTime() - OLD_ORDER_DAYS * DAY_MS);
}

/** Whether an order's request e-mail, J+`delayDays`, is already due at `now` (it leaves at once). */
export function requestDueNow(orderDate: Date, delayDays: number, now: Date): boolean {
  return orderDate.getTime() + delayDays * DAY_MS <= now.getTime();
}
