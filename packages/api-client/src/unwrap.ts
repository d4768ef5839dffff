import { ApiError } from "./api-error";

/** The shape every openapi-fetch call resolves to. */
interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The data type of the success branch of an openapi-fetch result. */
export type SuccessData<R> = R extends { error?: never; data: infer D } ? D : never;

export function toApiError(response: Response, body: unknown): ApiError {
  return new ApiError(response.status, body === "" ? undefined : body, response.statusText);
}

/** Resolves to `data` for a 2xx response; throws ApiError for any other status. */
export async function unwrap<R extends FetchResult>(result: Promise<R> | R): Promise<SuccessData<R>> {
  const { data, error, response } = await result;
  if (!response.ok) throw toApiError(response, error);
  return data as SuccessData<R>;
}

/**
 * Wraps one client method (GET, POST, …) so that it resolves to data or throws ApiError.
 * Generic methods keep their path and body typing through TypeScript's higher-order inference.
 */
export function unwrapMethod<A extends unknown[], R extends FetchResult>(
  method: (...args: A) => Promise<R>,
): (...args: A) => Promise<SuccessData<R>> {
  return (...args) => unwrap(method(...args));
}
