export {
  ApiError,
  errorMessage,
  fieldErrors,
  generalErrorKeys,
  generalErrors,
  isApiError,
  isNoCompanyError,
  messageFromBody,
} from "./api-error";
export {
  type AuthMiddlewareOptions,
  createAuthMiddleware,
  defaultPublicPaths,
  refreshPath,
} from "./auth-middleware";
export {
  type CertavisClient,
  type components,
  createCertavisClient,
  type operations,
  type paths,
  type Schema,
} from "./certavis-client";
export { type ApiClient, type ApiClientOptions, createApiClient } from "./create-api-client";
export { type ListPayload, readCount, readList } from "./lists";
export {
  createMemoryStorage,
  createTokenStore,
  type IssuedTokens,
  storageKeys,
  type TokenListener,
  type TokenPair,
  type TokenStore,
} from "./token-store";
export { type SuccessData, toApiError, unwrap, unwrapMethod } from "./unwrap";
