// Types only (erased at build): the schema generated from openapi/ by packages/api-client.
import type { operations } from "@certavis/api-schema";
import type { FastifyReply, FastifyRequest } from "fastify";

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
) => Promise<unknown>;

/** What a module's `handlers.ts` exports: `{ authLogin: async (request, reply) => ... }`. */
export type OperationHandlers = { [K in OperationId]?: OperationHandler<K> };

export function defineHandlers<T extends OperationHandlers>(handlers: T): T {
  return handlers;
}
