import { type ApiClientOptions, createApiClient } from "./create-api-client";
import type { components, paths } from "./generated/schema";

export type { components, operations, paths } from "./generated/schema";

/** An entity of the contract by its schema name, e.g. `Schema<"Product">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

/** The client every app uses: `createApiClient` typed with the contract's `paths`. */
export function createCertavisClient(options: ApiClientOptions = {}) {
  return createApiClient<paths>(options);
}

export type CertavisClient = ReturnType<typeof createCertavisClient>;
