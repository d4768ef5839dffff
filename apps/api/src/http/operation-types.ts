// Types only (erased at build): the schema generated from openapi/ by packages/api-client.
import type { components, operations } from "@certavis/api-schema";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A named schema of the contract (`SchemaOf<"Product">`). */
export type SchemaOf<N extends keyof components["schemas"]> = components["schemas"][N];

/** Every operationId of the contract (generated from openapi/). */
export type OperationId = keyof operations;

type Op<K extends OperationId> = operations[K];
type JsonOf<T> = T extends { content: { "application/json": infer B } } ? B : unknown;

export type BodyOf<K extends OperationId> =
  Op<K> extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never;
export type QueryOf<K extends OperationId> =
  Op<K> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : Record<string, never>;
export type ParamsOf<K extends OperationId> =
  Op<K> extends { parameters: { path?: infer P } } ? NonNullable<P> : Record<string, never>;
/** The JSON body of the response `status` of operation K. */
export type ResponseOf<K extends OperationId, S extends keyof Op<K>["responses"]> = JsonOf<
  Op<K>["responses"][S]
>;

type Responses<K extends OperationId> = Op<K>["responses"];
/** Status codes of operation K's success responses (2xx) in the contract. */
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204>;
/**
 * What a handler of K may return: the JSON body of one of its 2xx responses, nothing for a 204 (or a
 * body-less response), or the reply itself once it was sent.
 */
export type HandlerResult<K extends OperationId> =
  | {
      [S in SuccessStatus<K>]: Responses<K>[S] extends { content: { "application/json": infer B } }
        ? B
        : undefined;
    }[SuccessStatus<K>]
  | FastifyReply
  | undefined;

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: BodyOf<K>;
  Querystring: QueryOf<K>;
  Params: ParamsOf<K>;
}>;

/**
 * One handler per operationId. It returns the JSON body (status 200 unless `reply.code()` was set)
 * or the reply itself; errors are thrown as `HttpError` (http/errors.ts).
 */
export type OperationHandler<K extends OperationId = OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<HandlerResult<K>>;

/** What a module's `handlers.ts` exports: `{ authLogin: async (request, reply) => ... }`. */
export type OperationHandlers = { [K in OperationId]?: OperationHandler<K> };

export function defineHandlers<T extends OperationHandlers>(handlers: T): T {
  return handlers;
}
