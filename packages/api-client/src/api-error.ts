/**
 * Every non-OK response becomes an ApiError whose message follows spec §8:
 * `{detail: "x"}` → "x"; `{detail: ["a", "b"]}` → "a, b";
 * `{field: ["a", "b"], non_field_errors: ["c"]}` → "field: a, b\nc";
 * otherwise the status text, otherwise "Request failed".
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly statusText: string;
  /** Parsed JSON body, or the raw text when it was not JSON, or undefined when empty. */
  readonly body: unknown;
  /** The message read from the body, or null when the body carried none (then `message` is a fallback). */
  readonly serverMessage: string | null;

  constructor(status: number, body: unknown, statusText = "") {
    const serverMessage = messageFromBody(body);
    super(serverMessage ?? (statusText || "Request failed"));
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.serverMessage = serverMessage;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Keys whose messages are not tied to one form field. */
export const generalErrorKeys = ["non_field_errors", "detail", "__all__", "root", "all"] as const;
const generalKeySet = new Set<string>(generalErrorKeys);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Flattens a message value (string, list, nested lists or objects) into strings. */
function messagesOf(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value] : [];
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (isRecord(value)) return Object.values(value).flatMap(messagesOf);
  return [];
}

export function messageFromBody(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if ("detail" in body) {
    const detail = messagesOf(body.detail);
    if (detail.length > 0) return detail.join(", ");
  }
  const lines: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const messages = messagesOf(value);
    if (messages.length === 0) continue;
    const joined = messages.join(", ");
    lines.push(generalKeySet.has(key) ? joined : `${key}: ${joined}`);
  }
  return lines.length > 0 ? lines.join("\n") : null;
}

// fetch rejects with a TypeError ("Failed to fetch", "fetch failed", "Load failed"…) or an AbortError:
// browser wording in English, not a message for a French toast.
function isTransportError(error: Error): boolean {
  return error instanceof TypeError || error.name === "AbortError";
}

/**
 * The text for an error toast: the server's message for an ApiError, the message of an Error thrown by
 * the app, else the given French default (also for network failures and aborts).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message && !isTransportError(error)) return error.message;
  return fallback;
}

function bodyOf(error: unknown): unknown {
  return error instanceof ApiError ? error.body : error;
}

/** First message per form field (general keys excluded), e.g. `{email: "Adresse invalide."}`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const body = bodyOf(error);
  const result: Record<string, string> = {};
  if (!isRecord(body)) return result;
  for (const [key, value] of Object.entries(body)) {
    if (generalKeySet.has(key)) continue;
    const first = messagesOf(value)[0];
    if (first !== undefined) result[key] = first;
  }
  return result;
}

/** De-duplicated messages under non_field_errors, detail, __all__, root and all, in body order. */
export function generalErrors(error: unknown): string[] {
  const body = bodyOf(error);
  if (!isRecord(body)) return [];
  const messages = Object.entries(body)
    .filter(([key]) => generalKeySet.has(key))
    .flatMap(([, value]) => messagesOf(value));
  return [...new Set(messages)];
}

const withoutAccents = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Spec §8: a 403 saying the user belongs to no company ('Vous n'appartenez à aucune entreprise.', accent optional). */
export function isNoCompanyError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403 || !isRecord(error.body)) return false;
  return messagesOf(error.body.detail).some((message) =>
    withoutAccents(message).replace(/[’`]/g, "'").includes("appartenez a aucune entreprise"),
  );
}
