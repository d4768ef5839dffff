import { ApiError, errorMessage } from "@certavis/api-client";
import { orderImport as frOrderImport } from "@certavis/i18n-fr/messages/order-import";

/** The server's reasons for refusing the file (every message on `file`), else its detail. */
export function startErrors(error: unknown): string[] {
  if (error instanceof ApiError && error.body && typeof error.body === "object") {
    const file = (error.body as { file?: unknown }).file;
    if (Array.isArray(file) && file.length) return file.map(String);
  }
  return [errorMessage(error, frOrderImport.startFailed)];
}
