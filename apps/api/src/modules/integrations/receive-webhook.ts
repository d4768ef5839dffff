import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { integrationEvents, integrations } from "../../db/schema";
import { notFound, unauthorized } from "../../http/errors";
import { sha256 } from "../../lib/crypto";
import { integrationSecretCipher, signatureMatches } from "./signing";

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
};

/** Where each platform puts its signature, topic and delivery id, and the topics that carry orders. */
const PLATFORMS: Record<
  string,
  { signature: string; topic: string; deliveryIds: string[]; takes: (topic: string) => boolean }
> = {
  shopify: {
    signature: "x-shopify-hmac-sha256",
    topic: "x-shopify-topic",
    deliveryIds: ["x-shopify-event-id", "x-shopify-webhook-id"],
    takes: (topic) => topic === "orders/paid" || topic === "orders/fulfilled",
  },
  woocommerce: {
    signature: "x-wc-webhook-signature",
    topic: "x-wc-webhook-topic",
    deliveryIds: ["x-wc-webhook-delivery-id"],
    takes: (topic) => topic.startsWith("order."),
  },
};

/**
 * A shop's webhook: the signature over the raw body is checked before anything is recorded (401);
 * WooCommerce's creation ping is answered; an order topic is recorded once per delivery id (a repeat
 * is answered and changes nothing) and taken after the answer (`app.integrationEvents`).
 */
export async function receiveWebhook(request: FastifyRequest<{ Params: { id: string } }>): Promise<void> {
  const { db, keys } = request.server.ctx;
  const [integration] = await db.select().from(integrations).where(eq(integrations.id, request.params.id));
  if (!integration) throw notFound();
  const platform = PLATFORMS[integration.platform];
  if (!platform) throw notFound();
  const contentType = header(request, "content-type").split(";")[0]?.toLowerCase();
  if (contentType === "application/x-www-form-urlencoded") {
    // WooCommerce checks the URL answers when the webhook is saved: `webhook_id=…`, nothing to record.
    const body = request.body as Record<string, unknown> | undefined;
    if (integration.platform === "woocommerce" && typeof body?.webhook_id === "string") return;
    throw unauthorized(fr.server.integrations.signatureInvalid);
  }
  const raw = request.rawBody;
  const secret = integrationSecretCipher(keys).decrypt(integration.secretSealed);
  if (
    typeof raw !== "string" ||
    !secret ||
    !signatureMatches(raw, secret, header(request, platform.signature))
  )
    throw unauthorized(fr.server.integrations.signatureInvalid);
  const topic = header(request, platform.topic);
  if (!platform.takes(topic)) return;
  const deliveryId =
    platform.deliveryIds.map((name) => header(request, name)).find(Boolean) ?? `sha256:${sha256(raw)}`;
  const [recorded] = await db
    .insert(integrationEvents)
    .values({
      integrationId: integration.id,
      companyId: integration.companyId,
      deliveryId: deliveryId.slice(0, 200),
      topic: topic.slice(0, 100),
      payload: raw,
    })
    .onConflictDoNothing({ target: [integrationEvents.integrationId, integrationEvents.deliveryId] })
    .returning({ id: integrationEvents.id });
  if (recorded) request.server.integrationEvents.process(recorded.id);
}
