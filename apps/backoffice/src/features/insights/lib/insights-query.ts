import { addDaysTo, dayOf, type InsightsGranularity } from "@certavis/domain";

export type InsightsPreset = "30d" | "90d" | "12m" | "custom";

/** What the screen asks for, kept in the URL: `?periode=30d|90d|12m` or `?du=…&au=…`, `par=`, `produit=`. */
export interface InsightsQuery {
  from: string;
  to: string;
  granularity: InsightsGranularity;
  productId: string | null;
}

const PRESET_DAYS: Record<Exclude<InsightsPreset, "custom">, number> = { "30d": 30, "90d": 90, "12m": 365 };
const GRANULARITIES: readonly InsightsGranularity[] = ["day", "week", "month"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function presetOf(params: URLSearchParams): InsightsPreset {
  const value = params.get("periode");
  if (value === "30d" || value === "12m" || value === "custom") return value;
  return "90d";
}

/** The preset's period ends today; a custom one reads `du` and `au` (the server checks them). */
export function readInsightsQuery(params: URLSearchParams, today: Date): InsightsQuery {
  const preset = presetOf(params);
  const to = dayOf(today);
  const granularityParam = params.get("par") as InsightsGranularity | null;
  const defaultGranularity: InsightsGranularity =
    preset === "12m" ? "month" : preset === "30d" ? "day" : "week";
  const granularity =
    granularityParam && GRANULARITIES.includes(granularityParam) ? granularityParam : defaultGranularity;
  const productId = params.get("produit") || null;
  if (preset === "custom") {
    const from = params.get("du") ?? "";
    const until = params.get("au") ?? "";
    if (DATE.test(from) && DATE.test(until)) return { from, to: until, granularity, productId };
  }
  const days = preset === "custom" ? PRESET_DAYS["90d"] : PRESET_DAYS[preset];
  return { from: addDaysTo(to, -(days - 1)), to, granularity, productId };
}

/** `params` with `changes` applied (null removes a key). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
