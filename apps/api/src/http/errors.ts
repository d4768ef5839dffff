import { fr } from "@certavis/i18n-fr";

export type FieldErrors = Record<string, string[]>;
export type ErrorBody = { detail: string } | FieldErrors;

/** Thrown by handlers and helpers; the error handler answers `status` with `body` (French). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(typeof body.detail === "string" ? body.detail : JSON.stringify(body));
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

export const detailError = (status: number, detail: string, headers?: Record<string, string>) =>
  new HttpError(status, { detail }, headers);

/** 400 `{field: [messages]}`; use `non_field_errors` for errors about the whole body. */
export const fieldErrors = (errors: FieldErrors) => new HttpError(400, errors);
export const fieldError = (field: string, message: string) => fieldErrors({ [field]: [message] });
export const unauthorized = (detail: string = fr.server.http.unauthenticated) => detailError(401, detail);
export const forbidden = (detail: string = fr.server.http.forbidden) => detailError(403, detail);
export const notFound = (detail: string = fr.server.http.notFound) => detailError(404, detail);
export const conflict = (detail: string) => detailError(409, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  detailError(429, detail, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const notImplemented = () => detailError(501, fr.server.http.notImplemented);
