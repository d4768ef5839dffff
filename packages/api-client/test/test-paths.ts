// A hand-written slice of the contract, shaped like openapi-typescript output, so the tests do not
// depend on the generated schema.
type Json<T> = { content: { "application/json": T } };
type Tokens = { access: string; refresh: string };
type ErrorBody = Record<string, unknown>;
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };

export interface paths {
  "/auth/login/": {
    parameters: NoParams;
    get?: never;
    post: {
      parameters: NoParams;
      requestBody: Json<{ email: string; password: string }>;
      responses: { 200: Json<Tokens>; 400: Json<ErrorBody>; 401: Json<ErrorBody> };
    };
  };
  "/users/me/": {
    parameters: NoParams;
    get: {
      parameters: NoParams;
      requestBody?: never;
      responses: { 200: Json<{ id: string; email: string }>; 401: Json<ErrorBody> };
    };
    post?: never;
  };
  "/company/products/": {
    parameters: NoParams;
    get: {
      parameters: { query?: { limit?: number; offset?: number } };
      requestBody?: never;
      responses: { 200: Json<{ count: number; results: { id: string; name: string }[] }> };
    };
    post: {
      parameters: NoParams;
      requestBody: Json<{ name: string; status: "active" | "draft" | "archived" }>;
      responses: { 201: Json<{ id: string; name: string }>; 400: Json<ErrorBody> };
    };
  };
  "/company/products/{id}/": {
    parameters: { path: { id: string } };
    get?: never;
    delete: {
      parameters: { path: { id: string } };
      requestBody?: never;
      responses: { 204: { content?: never }; 404: Json<ErrorBody> };
    };
  };
  "/errors/{status}/": {
    parameters: { path: { status: string } };
    get: {
      parameters: { path: { status: string } };
      requestBody?: never;
      responses: { 200: Json<unknown>; default: Json<ErrorBody> };
    };
  };
}
