import { fr } from "@certavis/i18n-fr/server";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { pageOfRows } from "../../db/page-of-rows";
import { integrationEvents, integrations } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { detailError, fieldErrors, notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { assertOutboundUrl } from "../../lib/outbound";
import { integrationEventView, integrationView } from "./integration-view";
import { DEFAULT_PRESTASHOP_STATES } from "./prestashop";
import { receiveWebhook } from "./receive-webhook";
import { integrationSecretCipher, newIntegrationSecret } from "./signing";

/**
 * The shop's address, without credentials, query or trailing slash: https for the platforms that push;
 * for PrestaShop, which we call, whatever the outbound guard allows (checked on its addresses now,
 * and again at every pull).
 */
async function shopUrl(value: string, pulled: boolean, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw fieldErrors({ shop_url: [fr.server.integrations.shopUrlInvalid] });
  }
  if (url.username || url.password) throw fieldErrors({ shop_url: [fr.server.integrations.shopUrlInvalid] });
  const clean = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  if (pulled) await assertOutboundUrl(clean, "shop_url", { allowPrivate });
  else if (url.protocol !== "https:" || !url.hostname.includes("."))
    throw fieldErrors({ shop_url: [fr.server.integrations.shopUrlInvalid] });
  return clean;
}

async function findIntegration(request: FastifyRequest, id: string) {
  const [row] = await request.server.ctx.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.companyId, callerCompanyId(request)), eq(integrations.id, id)));
  if (!row) throw notFound();
  return row;
}

export const integrationHandlers = defineHandlers({
  companyIntegrationsList: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, config } = request.server.ctx;
    const page = pageParams(request.query);
    const where = eq(integrations.companyId, companyId);
    const { count, rows } = await pageOfRows(
      db,
      integrations,
      where,
      [asc(integrations.createdAt), asc(integrations.id)],
      page,
    );
    return paged(
      request,
      page,
      count,
      rows.map((row) => integrationView(row, config.publicUrl)),
    );
  },

  companyIntegrationsCreate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, keys, config, now } = request.server.ctx;
    const body = request.body;
    const pulled = body.platform === "prestashop";
    if (pulled && !body.api_key?.trim())
      throw fieldErrors({ api_key: [fr.server.integrations.apiKeyRequired] });
    const url = await shopUrl(body.shop_url, pulled, config.outboundAllowPrivate);
    // WooCommerce takes the secret we give; Shopify signs with the shop's own when it is given;
    // PrestaShop's Webservice key is sealed the same way.
    const secret = pulled
      ? (body.api_key?.trim() ?? "")
      : body.platform === "shopify" && body.secret
        ? body.secret.trim()
        : newIntegrationSecret();
    const [row] = await db
      .insert(integrations)
      .values({
        companyId,
        platform: body.platform,
        shopUrl: url,
        secretSealed: integrationSecretCipher(keys).encrypt(secret),
        states: pulled ? [...new Set(body.states ?? DEFAULT_PRESTASHOP_STATES)] : [],
        createdAt: now(),
      })
      .returning();
    if (!row) throw new Error("integration not inserted");
    reply.code(201);
    return { ...integrationView(row, config.publicUrl), secret: pulled ? null : secret };
  },

  companyIntegrationsDelete: async (request, reply) => {
    const row = await findIntegration(request, request.params.id);
    await request.server.ctx.db.delete(integrations).where(eq(integrations.id, row.id));
    reply.code(204);
  },

  companyIntegrationsSecret: async (request) => {
    const row = await findIntegration(request, request.params.id);
    const secret = integrationSecretCipher(request.server.ctx.keys).decrypt(row.secretSealed);
    // A secret sealed with a key this server no longer has cannot be shown: reconnect the shop.
    if (secret === null) throw notFound();
    return { secret };
  },

  companyIntegrationsSync: async (request) => {
    const row = await findIntegration(request, request.params.id);
    if (row.platform !== "prestashop") throw detailError(400, fr.server.integrations.notPulled);
    await request.server.integrationEvents.pull(row.id);
    const [after] = await request.server.ctx.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, row.id));
    if (!after) throw notFound();
    return integrationView(after, request.server.ctx.config.publicUrl);
  },

  companyIntegrationsEvents: async (request) => {
    const row = await findIntegration(request, request.params.id);
    const { db } = request.server.ctx;
    const page = pageParams(request.query);
    const where = eq(integrationEvents.integrationId, row.id);
    const [total] = await db.select({ n: count() }).from(integrationEvents).where(where);
    const events = await db
      .select()
      .from(integrationEvents)
      .where(where)
      .orderBy(desc(integrationEvents.receivedAt), desc(integrationEvents.id))
      .limit(page.limit)
      .offset(page.offset);
    return paged(request, page, total?.n ?? 0, events.map(integrationEventView));
  },

  integrationsWebhook: async (request) => {
    await receiveWebhook(request);
    return { received: true as const };
  },
});
