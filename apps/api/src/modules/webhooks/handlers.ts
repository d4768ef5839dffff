import { can, MAX_WEBHOOK_ENDPOINTS } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { insertWithinPlan, type RoomCheck } from "../../db/company-lock";
import { countRows } from "../../db/count-rows";
import { pageOfRows } from "../../db/page-of-rows";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "../../db/schema";
import { callerCompanyId, callerMembership } from "../../http/caller";
import { conflict, fieldError, notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { assertOutboundUrl } from "../../lib/outbound";
import { toDeliveryView, toEndpointView } from "./views";
import { newWebhookSecret, webhookSecretCipher } from "./webhook-secret";

/** Room for one more endpoint (`MAX_WEBHOOK_ENDPOINTS`), checked under the company lock. */
const assertEndpointRoom: RoomCheck = async (db, companyId) => {
  if (
    (await countRows(db, webhookEndpoints, eq(webhookEndpoints.companyId, companyId))) >=
    MAX_WEBHOOK_ENDPOINTS
  )
    throw fieldError("non_field_errors", fr.server.webhooks.tooMany(MAX_WEBHOOK_ENDPOINTS));
};

async function endpointOf(request: FastifyRequest, id: string) {
  const [row] = await request.server.ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, callerCompanyId(request)), eq(webhookEndpoints.id, id)));
  if (!row) throw notFound();
  return row;
}

const uniqueEvents = <T>(events: readonly T[]) => [...new Set(events)];

export const webhookHandlers = defineHandlers({
  companyWebhooksList: async (request) => {
    const { db } = request.server.ctx;
    const companyId = callerCompanyId(request);
    const page = pageParams(request.query);
    const where = eq(webhookEndpoints.companyId, companyId);
    const { count, rows } = await pageOfRows(
      db,
      webhookEndpoints,
      where,
      [asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id)],
      page,
    );
    return paged(
      request,
      page,
      count,
      rows.map((row) => toEndpointView(row)),
    );
  },

  companyWebhooksCreate: async (request, reply) => {
    const { db, config, now, keys } = request.server.ctx;
    const companyId = callerCompanyId(request);
    const { url, events, description } = request.body;
    await assertOutboundUrl(url.trim(), "url", { allowPrivate: config.outboundAllowPrivate });
    const secret = newWebhookSecret();
    const at = now();
    const row = await insertWithinPlan(db, companyId, assertEndpointRoom, (tx) =>
      tx
        .insert(webhookEndpoints)
        .values({
          companyId,
          url: url.trim(),
          description: description?.trim() ?? "",
          events: uniqueEvents(events),
          secretCiphertext: webhookSecretCipher(() => keys).encrypt(secret),
          createdAt: at,
          updatedAt: at,
        })
        .returning(),
    );
    reply.code(201);
    // The secret is answered only to the roles that may read it again.
    return toEndpointView(row, can(callerMembership(request).role, "webhooks.secret") ? secret : null);
  },

  companyWebhooksGet: async (request) => toEndpointView(await endpointOf(request, request.params.id)),

  companyWebhooksUpdate: async (request) => {
    const { db, config, now } = request.server.ctx;
    const current = await endpointOf(request, request.params.id);
    const { url, events, description, enabled } = request.body;
    if (url !== undefined)
      await assertOutboundUrl(url.trim(), "url", { allowPrivate: config.outboundAllowPrivate });
    const at = now();
    const [row] = await db
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url: url.trim() } : {}),
        ...(events !== undefined ? { events: uniqueEvents(events) } : {}),
        ...(description !== undefined ? { description: description.trim() } : {}),
        // Enabled again: its failure streak starts over; disabled by hand: nothing more is sent.
        ...(enabled === true && !current.enabled
          ? { enabled: true, failingSince: null, disabledAt: null }
          : {}),
        ...(enabled === false && current.enabled ? { enabled: false, disabledAt: at } : {}),
        updatedAt: at,
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    if (!row) throw notFound();
    if (enabled === true) request.server.webhooks?.notify();
    return toEndpointView(row);
  },

  companyWebhooksDelete: async (request, reply) => {
    const current = await endpointOf(request, request.params.id);
    await request.server.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
    return reply.code(204).send();
  },

  companyWebhooksSecret: async (request) => {
    const current = await endpointOf(request, request.params.id);
    const secret = webhookSecretCipher(() => request.server.ctx.keys).decrypt(current.secretCiphertext);
    if (!secret) throw notFound();
    return { secret };
  },

  companyWebhooksTest: async (request, reply) => {
    const { db, now } = request.server.ctx;
    const current = await endpointOf(request, request.params.id);
    if (!current.enabled) throw conflict(fr.server.webhooks.disabled);
    const at = now();
    const delivery = await db.transaction(async (tx) => {
      const [message] = await tx
        .insert(webhookMessages)
        .values({
          companyId: current.companyId,
          type: "ping",
          subjectId: null,
          occurredAt: at,
          payload: { type: "ping", timestamp: at.toISOString(), data: { endpoint_id: current.id } },
          createdAt: at,
        })
        .returning({ id: webhookMessages.id });
      if (!message) throw new Error("ping not inserted");
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({
          companyId: current.companyId,
          messageId: message.id,
          endpointId: current.id,
          nextAttemptAt: at,
          createdAt: at,
        })
        .returning();
      return row;
    });
    if (!delivery) throw new Error("ping delivery not inserted");
    request.server.webhooks?.notify();
    reply.code(202);
    return toDeliveryView(delivery, "ping");
  },

  companyWebhookDeliveriesList: async (request) => {
    const { db } = request.server.ctx;
    const current = await endpointOf(request, request.params.id);
    const page = pageParams(request.query);
    const where = eq(webhookDeliveries.endpointId, current.id);
    const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
    const rows = await db
      .select({ delivery: webhookDeliveries, type: webhookMessages.type })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset);
    return paged(
      request,
      page,
      total?.n ?? 0,
      rows.map((row) => toDeliveryView(row.delivery, row.type)),
    );
  },

  companyWebhookDeliveriesResend: async (request, reply) => {
    const { db, now } = request.server.ctx;
    const companyId = callerCompanyId(request);
    const [found] = await db
      .select({ delivery: webhookDeliveries, type: webhookMessages.type, enabled: webhookEndpoints.enabled })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, request.params.id)));
    if (!found) throw notFound();
    if (!found.enabled || found.delivery.status !== "failed")
      throw conflict(fr.server.webhooks.notResendable);
    const [row] = await db
      .update(webhookDeliveries)
      .set({ status: "scheduled", nextAttemptAt: now() })
      .where(and(eq(webhookDeliveries.id, found.delivery.id), eq(webhookDeliveries.status, "failed")))
      .returning();
    if (!row) throw conflict(fr.server.webhooks.notResendable);
    request.server.webhooks?.notify();
    reply.code(202);
    return toDeliveryView(row, found.type);
  },
});
