import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { insertWithinPlan } from "../../db/company-lock";
import { pageOfRows } from "../../db/page-of-rows";
import { integrationEvents, integrations } from "../../db/schema";
import { callerCompanyId, callerMembership } from "../../http/caller";
import { detailError, type FieldErrors, fieldErrors, notFound, tooManyRequests } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { assertOutboundUrl } from "../../lib/outbound";
import { assertConnectionRoom } from "./connection-room";
import { integrationEventView, integrationView } from "./integration-view";
import { type ConnectionSetting, PLATFORMS, platformOf } from "./platforms";
import { receiveWebhook } from "./receive-webhook";
import { checkedTimeZone, DEFAULT_SHOP_TIMEZONE } from "./shop-timezone";
import { integrationSecretCipher, newIntegrationSecret } from "./signing";

/** 'Synchroniser maintenant' of one connection at most once per this span. */
const SYNC_EVERY_MS = 60_000;

/** Why a setting of another platform is refused on a connection. */
const NOT_ITS_SETTING: Readonly<Record<ConnectionSetting, string>> = {
  secret: fr.server.integrations.shopifyOnlySecret,
  delay_start: fr.server.integrations.shopifyOnlyDelayStart,
  timezone: fr.server.integrations.prestashopOnlyTimezone,
  states: fr.server.integrations.prestashopOnlyStates,
};

/**
 * The shop's address, without credentials, query or trailing slash: https for the platforms that push;
 * for those we pull (PrestaShop), whatever the outbound guard allows (checked on its addresses now,
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
    const platform = PLATFORMS[body.platform];
    if (platform.secret === "api_key" && !body.api_key?.trim())
      throw fieldErrors({ api_key: [fr.server.integrations.apiKeyRequired] });
    if (body.first_pull_days !== undefined && platform.pull === null)
      throw fieldErrors({ first_pull_days: [fr.server.integrations.prestashopOnlyFirstPull] });
    const settings = platform.createdSettings(body);
    const url = await shopUrl(body.shop_url, platform.pull !== null, config.outboundAllowPrivate);
    // The key of the shop's API we call is sealed like a secret. A platform that signs with the
    // secret it is given gets ours; one that only ever signs with the shop's own waits for it.
    const secret =
      platform.secret === "api_key"
        ? (body.api_key?.trim() ?? "")
        : platform.secret === "shop"
          ? body.secret?.trim() || null
          : newIntegrationSecret();
    if (platform.secret === "shop" && secret !== null && secret.length < 16)
      throw fieldErrors({ secret: [fr.server.integrations.secretTooShort] });
    const row = await insertWithinPlan(db, companyId, assertConnectionRoom, (tx) =>
      tx
        .insert(integrations)
        .values({
          companyId,
          platform: body.platform,
          shopUrl: url,
          secretSealed: secret === null ? null : integrationSecretCipher(keys).encrypt(secret),
          status: secret === null ? "waiting_secret" : "waiting",
          delayStart: settings.delayStart,
          timezone: settings.timezone ?? DEFAULT_SHOP_TIMEZONE,
          states: settings.states,
          firstPullDays: settings.firstPullDays ?? null,
          createdAt: now(),
        })
        .returning(),
    );
    reply.code(201);
    // Only the secret we generate is answered, and only to the roles allowed to see it again.
    const shown =
      platform.secret === "generated" && can(callerMembership(request).role, "integrations.secret");
    return { ...integrationView(row, config.publicUrl), secret: shown ? secret : null };
  },

  companyIntegrationsUpdate: async (request) => {
    const row = await findIntegration(request, request.params.id);
    const { db, keys, config } = request.server.ctx;
    const body = request.body;
    const own = platformOf(row.platform)?.settings ?? [];
    const errors: FieldErrors = {};
    for (const setting of Object.keys(NOT_ITS_SETTING) as ConnectionSetting[])
      if (body[setting] !== undefined && !own.includes(setting)) errors[setting] = [NOT_ITS_SETTING[setting]];
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const secret = body.secret?.trim();
    if (secret !== undefined && secret.length < 16)
      throw fieldErrors({ secret: [fr.server.integrations.secretTooShort] });
    const [after] = await db
      .update(integrations)
      .set({
        // A new secret: deliveries are awaited again under it.
        ...(secret !== undefined
          ? { secretSealed: integrationSecretCipher(keys).encrypt(secret), status: "waiting" }
          : {}),
        ...(body.delay_start !== undefined ? { delayStart: body.delay_start } : {}),
        ...(body.timezone !== undefined ? { timezone: checkedTimeZone(body.timezone) } : {}),
        ...(body.states !== undefined ? { states: [...new Set(body.states)] } : {}),
      })
      .where(eq(integrations.id, row.id))
      .returning();
    if (!after) throw notFound();
    return integrationView(after, config.publicUrl);
  },

  companyIntegrationsDelete: async (request, reply) => {
    const row = await findIntegration(request, request.params.id);
    await request.server.ctx.db.delete(integrations).where(eq(integrations.id, row.id));
    reply.code(204);
  },

  companyIntegrationsSecret: async (request) => {
    const row = await findIntegration(request, request.params.id);
    // No secret yet (a Shopify connection waiting for the shop's), or one sealed with a key this
    // server no longer has (reconnect the shop): nothing to show.
    const secret = row.secretSealed
      ? integrationSecretCipher(request.server.ctx.keys).decrypt(row.secretSealed)
      : null;
    if (secret === null) throw notFound();
    return { secret };
  },

  companyIntegrationsSync: async (request) => {
    const row = await findIntegration(request, request.params.id);
    if (!platformOf(row.platform)?.pull) throw detailError(400, fr.server.integrations.notPulled);
    const { db, now } = request.server.ctx;
    const at = now();
    // Claimed in one statement: two clicks (or two instances) never both pass.
    const [claimed] = await db
      .update(integrations)
      .set({ syncedAt: at })
      .where(
        and(
          eq(integrations.id, row.id),
          or(
            isNull(integrations.syncedAt),
            lt(integrations.syncedAt, new Date(at.getTime() - SYNC_EVERY_MS)),
          ),
        ),
      )
      .returning({ id: integrations.id });
    if (!claimed) {
      const wait = SYNC_EVERY_MS - (at.getTime() - (row.syncedAt?.getTime() ?? at.getTime()));
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw tooManyRequests(fr.server.integrations.syncTooSoon(seconds), seconds);
    }
    await request.server.integrationEvents.pull(row.id);
    const [after] = await db.select().from(integrations).where(eq(integrations.id, row.id));
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
