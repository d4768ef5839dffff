/** What an empty answer shows (the same em dash as the formatters of @certavis/i18n-fr). */
export const EMPTY_ANSWER = "—";

export const STARS_MAX = 5;

const RATING_TYPES = new Set(["rating", "stars", "star", "note", "slider"]);
const BOOLEAN_TYPES = new Set(["boolean", "switch", "bool", "yes_no"]);
const DATE_TYPES = new Set(["date", "datetime", "time"]);
const TRUE_WORDS = new Set(["true", "1", "oui", "yes"]);

/** Rating kept within 0–5 (non-numbers read as 0). */
export function clampRating(value: unknown): number {
  const n = typeof value === "number" ? value : Number(typeof value === "string" ? value.trim() : Number.NaN);
  if (!Number.isFinite(n)) return 0;
  return Math.min(STARS_MAX, Math.max(0, n));
}

function trimNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** '4/5' (clamped; decimals kept up to 2: '3.5/5'). */
export function ratingOutOfFive(value: unknown): string {
  return `${trimNumber(clampRating(value))}/${STARS_MAX}`;
}

/** Five characters of full (★) and empty (☆) stars, rounded to the nearest whole star. */
export function starsString(value: unknown): string {
  const full = Math.round(clampRating(value));
  return "★".repeat(full) + "☆".repeat(STARS_MAX - full);
}

/** Truthy answers of boolean fields: true, 1, '1', 'oui', 'yes' (case-insensitive). */
export function isTruthyAnswer(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === "string" && TRUE_WORDS.has(value.trim().toLowerCase());
}

export function isEmptyAnswer(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmptyAnswer);
  if (typeof value === "number") return Number.isNaN(value);
  return false;
}

export interface AnswerDisplayOptions {
  /** IANA zone for date/time answers; defaults to the runtime's. */
  timeZone?: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

function formatDateAnswer(type: string, value: unknown, options: AnswerDisplayOptions): string {
  if (type === "time" && typeof value === "string") {
    const match = TIME_ONLY.exec(value.trim());
    if (match) return `${match[1]?.padStart(2, "0")}:${match[2]}`;
  }
  const text = typeof value === "string" ? value.trim() : value;
  // A bare date is a calendar day, not an instant: format it in UTC so no zone shifts the day.
  const dateOnly = typeof text === "string" && DATE_ONLY.test(text);
  const date = text instanceof Date ? text : new Date(text as string | number);
  if (Number.isNaN(date.getTime())) return String(value);
  const timeZone = dateOnly ? "UTC" : options.timeZone;
  const parts: Intl.DateTimeFormatOptions =
    type === "time"
      ? { hour: "2-digit", minute: "2-digit" }
      : type === "datetime" && !dateOnly
        ? { dateStyle: "medium", timeStyle: "short" }
        : { day: "numeric", month: "short", year: "numeric" };
  return new Intl.DateTimeFormat("fr-FR", { ...parts, timeZone }).format(date);
}

function scalarText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value !== null && typeof value === "object") {
    const named = value as { name?: unknown; url?: unknown };
    if (typeof named.name === "string" && named.name !== "") return named.name;
    if (typeof named.url === "string" && named.url !== "") return named.url;
    return JSON.stringify(value);
  }
  return "";
}

/**
 * Text shown for one form answer (spec §5): empty → '—'; lists joined by ', '; rating types '4/5';
 * boolean types Oui/Non; date, datetime and time in French; objects as JSON.
 */
export function displayAnswer(
  type: string | null | undefined,
  value: unknown,
  options: AnswerDisplayOptions = {},
): string {
  if (isEmptyAnswer(value)) return EMPTY_ANSWER;
  const kind = (type ?? "").toLowerCase();
  if (RATING_TYPES.has(kind)) return ratingOutOfFive(value);
  if (BOOLEAN_TYPES.has(kind)) return isTruthyAnswer(value) ? "Oui" : "Non";
  if (DATE_TYPES.has(kind)) return formatDateAnswer(kind, value, options);
  if (Array.isArray(value)) {
    return value
      .filter((item) => !isEmptyAnswer(item))
      .map(scalarText)
      .join(", ");
  }
  if (typeof value === "boolean") return value ? "Oui" : "Non";
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return scalarText(value);
}

/** Whether an answer kind is shown as stars (so the UI can render a Stars component next to the text). */
export function isRatingAnswerType(type: string | null | undefined): boolean {
  return RATING_TYPES.has((type ?? "").toLowerCase());
}

/** One uploaded file of a file or media answer, as the back-office and the public views show it. */
export interface AnswerMedia {
  url: string;
  name: string;
  kind: "image" | "video" | "file";
}

/** The uploaded files of an answer (`[{url, name, content_type}]`), those with a URL only. */
export function answerMedia(value: unknown): AnswerMedia[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item !== "object" || item === null) return [];
    const {
      url,
      name,
      content_type: type,
    } = item as { url?: unknown; name?: unknown; content_type?: unknown };
    if (typeof url !== "string" || url === "") return [];
    const mime = typeof type === "string" ? type.toLowerCase() : "";
    const kind = mime.startsWith("image/") ? "image" : mime.startsWith("video/") ? "video" : "file";
    return [{ url, name: typeof name === "string" ? name : "", kind }];
  });
}

/** The photos of a review's answers (every upload field, in the answers' order): their URLs. */
export function reviewPhotoUrls(answers: Record<string, unknown> | null | undefined): string[] {
  return Object.values(answers ?? {}).flatMap((value) =>
    answerMedia(value).flatMap((media) => (media.kind === "image" ? [media.url] : [])),
  );
}
