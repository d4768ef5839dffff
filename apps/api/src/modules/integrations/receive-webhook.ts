import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { integrationEvents, integrations } from "../../db/schema";
import { notFound, unauthorized } from "../../http/errors";
import { sha256 } from "../../lib/crypto";
import { type IntegrationRow, platformOf, type WebhookReading } from "./platforms";
import { integrationSecretCipher } from "./signing";

/** A refused signature is written in the connection's log at most once per this span (and kind). */
const SIGNATURE_LOG_EVERY_MS = 15 * 60_000;

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
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

/**
 * A well-signed delivery of a topic the connection does not take, in its log at most once per quarter
 * of an hour and topic (the shop subscribed the webhook to another event: the owner sees which).
 */
async function logRefusedTopic(db: Db, row: IntegrationRow, topic: string, now: Date): Promise<void> {
  const span = Math.floor(now.getTime() / SIGNATURE_LOG_EVERY_MS);
  await db
    .insert(integrationEvents)
    .values({
      integrationId: row.id,
      companyId: row.companyId,
      deliveryId: `topic:${topic.slice(0, 100)}:${span}`,
      topic: topic.slice(0, 100),
      outcome: "refused",
      reason: fr.server.integrations.topicRefused(row.platform, topic.slice(0, 100) || "—"),
      receivedAt: now,
      processedAt: now,
    })
    .onConflictDoNothing();
}

/** The order's reference in a body that will not be processed, for the log, when the platform names one. */
function referenceOf(webhook: WebhookReading, raw: string): string | null {
  try {
    return webhook.referenceOf?.(JSON.parse(raw)) ?? null;
  } catch {
    return null;
  }
}

/**
 * A shop's webhook: the signature over the raw body is checked before anything is recorded (401, the
 * refusal logged on the connection); WooCommerce's creation ping is answered; an order topic is
 * recorded once per delivery id and once per raw body (a repeat, or a replay under a new id, is
 * answered and changes nothing) and taken after the answer by the events' queue, woken here
 * (`app.integrationEvents`); Shopify's topic that does not start the delay is logged as ignored.
 */
export async function receiveWebhook(request: FastifyRequest<{ Params: { id: string } }>): Promise<void> {
  const { db, keys, now } = request.server.ctx;
  const [integration] = await db.select().from(integrations).where(eq(integrations.id, request.params.id));
  if (!integration) throw notFound();
  const webhook = platformOf(integration.platform)?.webhook;
  if (!webhook) throw notFound();
  const contentType = header(request, "content-type").split(";")[0]?.toLowerCase();
  if (contentType === "application/x-www-form-urlencoded") {
    // A platform may check that the URL answers when the webhook is saved: nothing to record.
    if (webhook.isUrlCheck?.(request.body)) return;
    throw unauthorized(fr.server.integrations.signatureInvalid);
  }
  const raw = request.rawBody;
  const secret = integration.secretSealed
    ? integrationSecretCipher(keys).decrypt(integration.secretSealed)
    : null;
  if (
    typeof raw !== "string" ||
    !secret ||
    !webhook.signatureMatches(raw, secret, header(request, webhook.signatureHeader))
  ) {
    if (typeof raw === "string") await logRefusedSignature(db, integration, !secret, now());
    throw unauthorized(fr.server.integrations.signatureInvalid);
  }
  const topic = header(request, webhook.topicHeader);
  const handling = webhook.handling(topic, integration);
  if (!handling) {
    await logRefusedTopic(db, integration, topic, now());
    return;
  }
  const deliveryId =
    webhook.deliveryIdHeaders.map((name) => header(request, name)).find(Boolean) ?? `sha256:${sha256(raw)}`;
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
        ? { payload: raw, status: "scheduled" }
        : {
            outcome: "ignored",
            reason: handling.ignoredBecause,
            reference: referenceOf(webhook, raw),
            processedAt: at,
          }),
    })
    // Either unique index: the delivery id, or the same raw body under another id.
    .onConflictDoNothing()
    .returning({ id: integrationEvents.id });
  if (!recorded) return;
  if (handling.take) request.server.integrationEvents.notify();
  // A well-signed delivery shows the secret is right again.
  else
    await db
      .update(integrations)
      .set({ status: "waiting" })
      .where(and(eq(integrations.id, integration.id), eq(integrations.status, "signature_refused")));
}
