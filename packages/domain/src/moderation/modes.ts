/**
 * Who moderates a company's reviews (ARCHITECTURE §10.19): `shop` (the specification's flow, the
 * default) or `certavis` (Certavis operators decide; the shop replies and contests). Shop → Certavis
 * takes effect at once; Certavis → shop 30 days after it is asked; both dates are public.
 */
export const MODERATION_MODES = ["shop", "certavis"] as const;
export type ModerationMode = (typeof MODERATION_MODES)[number];

/** Days between asking to leave Certavis moderation and the shop moderating again. */
export const MODERATION_TO_SHOP_DELAY_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export function isModerationMode(value: unknown): value is ModerationMode {
  return typeof value === "string" && (MODERATION_MODES as readonly string[]).includes(value);
}

/**
 * A company's moderation as stored: the mode last asked for, when it was asked and when it takes
 * effect (null dates: `shop` since the company was created). Before `effectiveAt` the other mode is
 * in force.
 */
export interface ModerationState {
  moderation: ModerationMode;
  requestedAt: Date | null;
  effectiveAt: Date | null;
}

function otherMode(mode: ModerationMode): ModerationMode {
  return mode === "shop" ? "certavis" : "shop";
}

/** The mode in force at `now`. */
export function moderationInForce(state: ModerationState, now: Date): ModerationMode {
  if (state.effectiveAt && state.effectiveAt.getTime() > now.getTime()) return otherMode(state.moderation);
  return state.moderation;
}

/** The change asked for and not in force yet (Certavis → shop during its 30 days), or null. */
export function pendingModeration(
  state: ModerationState,
  now: Date,
): { mode: ModerationMode; requestedAt: Date; effectiveAt: Date } | null {
  if (!state.effectiveAt || state.effectiveAt.getTime() <= now.getTime()) return null;
  return {
    mode: state.moderation,
    requestedAt: state.requestedAt ?? state.effectiveAt,
    effectiveAt: state.effectiveAt,
  };
}

/**
 * The owner asks for `target` at `now`: the new stored state, or null when that mode is already the
 * one asked for (in force, or waiting for its date). Asking Certavis again
 * while a switch to the shop waits cancels it (Certavis stays, from now).
 */
export function requestModeration(
  state: ModerationState,
  target: ModerationMode,
  now: Date,
): ModerationState | null {
  if (target === state.moderation) return null;
  if (target === "certavis") return { moderation: "certavis", requestedAt: now, effectiveAt: now };
  return {
    moderation: "shop",
    requestedAt: now,
    effectiveAt: new Date(now.getTime() + MODERATION_TO_SHOP_DELAY_DAYS * DAY_MS),
  };
}

/** Whether the shop itself approves and rejects its pending reviews (only in shop mode). */
export function shopModerates(mode: ModerationMode): boolean {
  return mode === "shop";
}

/** A stored mode as the domain reads it: anything unknown is `shop` (the default). */
export function normalizeModerationMode(value: unknown): ModerationMode {
  return isModerationMode(value) ? value : "shop";
}
