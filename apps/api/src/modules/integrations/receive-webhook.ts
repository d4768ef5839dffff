import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { integrationEvents, integrations } from "../../db/schema";
import { notFound, unauthorized } from "../../http/errors";
import { sha256 } from "../../lib/crypto";
import { delayStartOf, SHOPIFY_DELAY_TOPICS } from "./shopify";
import { integrationSecretCipher, signatureMatches } from "./signing";

type IntegrationRow = typeof integrations.$inferSelect;

/** A refused signature is written in the connection's log at most once per this span (and kind). */
const SIGNATURE_LOG_EVERY_MS = 15 * 60_000;

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
};

/** What a connection does with a signed delivery's topic: take it, log it as ignored (why), or neither. */
type Handling = { take: true } | { take: false; ignoredBecause: string } | null;

/** Where each platform puts its signature, topic and delivery id, and what each topic means. */
const PLATFORMS: Record<
  string,
  {
    signature: string;
    topic: string;
    deliveryIds: string[];
    handling: (topic: string, row: IntegrationRow) => Handling;
  }
> = {
  shopify: {
    signature: "x-shopify-hmac-sha256",
    topic: "x-shopify-topic",
    deliveryIds: ["x-shopify-event-id", "x-shopify-webhook-id"],
    // One topic starts the delay (the shop's choice); the other would race it, so it is only logged.
    handling: (topic, row) => {
      const start = delayStartOf(row.delayStart);
      if (topic === SHOPIFY_DELAY_TOPICS[start]) return { take: true };
      const other = start === "paid" ? "fulfilled" : "paid";
      if (topic === SHOPIFY_DELAY_TOPICS[other])
        return { take: false, ignoredBecause: fr.server.integrations.otherTopic[other] };
      return null;
    },
  },
  woocommerce: {
    signature: "x-wc-webhook-signature",
    topic: "x-wc-webhook-topic",
    deliveryIds: ["x-wc-webhook-delivery-id"],
    handling: (topic) => (topic.startsWith("order.") ? { take: true } : null),
  },
};

/**
 * A refused delivery in the connection's log, at most once per quarter of an hour and kind (the
 * delivery id is the span's), so that its status says why nothing arrives without an attacker filling
 * the log: a missing secret leaves it `waiting_secret`, a mismatch sets `signature_refused`.
 */
async function logRefusedSignature(db: Db, row: IntegrationRow, missing: boolean, now: Date): Promise<void> {
  const span = Math.floor(now.getTime() / SIGNATURE_LOG_EVERY_MS);
  const [logged] = await db
    .insert(integrationEvents)
    .values({
      integrationId: row.id,
      companyId: row.companyId,
      deliveryId: `signature:${missing ? "missing" : "mismatch"}:${span}`,
      topic: "signature",
      outcome: "refused",
      reason: missing ? fr.server.integrations.secretMissing : fr.server.integrations.signatureRefused,
      receivedAt: now,
      processedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: integrationEvents.id });
  if (logged && !missing)
    await db.update(integrations).set({ status: "signature_refused" }).where(eq(integrations.id, row.id));
}

/** The order's reference in a body that will not be processed (Shopify's `name`), for the log. */
function referenceOf(raw: string): string | null {
  try {
    const name = (JSON.parse(raw) as { name?: unknown })?.name;
    return typeof name === "string" ? name.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/**
 * A shop's webhook: the signature over the raw body is checked before anything is recorded (401, the
 * refusal logged on the connection); WooCommerce's creation ping is answered; an order topic is
 * recorded once per delivery id and once per raw body (a repeat, or a replay under a new id, is
 * answered and changes nothing) and taken after the answer (`app.integrationEvents`); Shopify's topic
 * that does not start the delay is logged as ignored.
 */
export async function receiveWebhook(request: FastifyRequest<{ Params: { id: string } }>): Promise<void> {
  const { db, keys, now } = request.server.ctx;
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
  const secret = integration.secretSealed
    ? integrationSecretCipher(keys).decrypt(integration.secretSealed)
    : null;
  if (
    typeof raw !== "string" ||
    !secret ||
    !signatureMatches(raw, secret, header(request, platform.signature))
  ) {
    if (typeof raw === "string") await logRefusedSignature(db, integration, !secret, now());
    throw unauthorized(fr.server.integrations.signatureInvalid);
  }
  const topic = header(request, platform.topic);
  const handling = platform.handling(topic, integration);
  if (!handling) return;
  const deliveryId =
    platform.deliveryIds.map((name) => header(request, name)).find(Boolean) ?? `sha256:${sha256(raw)}`;
  const at = now();
  const [recorded] = await db
    .insert(integrationEvents)
    .values({
      integrationId: integration.id,
      companyId: integration.companyId,
      deliveryId: deliveryId.slice(0, 200),
      bodySha256: sha256(raw),
      topic: topic.slice(0, 100),
      receivedAt: at,
      ...(handling.take
        ? { payload: raw }
        : {
            outcome: "ignored",
            reason: handling.ignoredBecause,
            reference: referenceOf(raw),
            processedAt: at,
          }),
    })
    // Either unique index: the delivery id, or the same raw body under another id.
    .onConflictDoNothing()
    .returning({ id: integrationEvents.id });
  if (!recorded) return;
  if (handling.take) request.server.integrationEvents.process(recorded.id);
  // A well-signed delivery shows the secret is right again.
  else
    await db
      .update(integrations)
      .set({ status: "waiting" })
      .where(and(eq(integrations.id, integration.id), eq(integrations.status, "signature_refused")));
}
