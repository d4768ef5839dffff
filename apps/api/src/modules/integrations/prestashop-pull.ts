import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import { integrationEvents, integrations } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { isOutboundRefusal, outboundFetch } from "../../lib/outbound";
import { prestashopCustomer, prestashopOrder } from "./prestashop";
import { type EventDeps, processIntegrationEvent } from "./process-event";
import { integrationSecretCipher } from "./signing";

export interface PullDeps extends EventDeps {
  keys: KeyRing;
  /** `OUTBOUND_ALLOW_PRIVATE=1`: http and private addresses (development and tests only). */
  allowPrivate: boolean;
}

/** Orders read per pull (oldest change first); the next pull goes on from the last one read. */
const PAGE = 100;
/** A first pull reads the orders changed in the day before the connection. */
const FIRST_PULL_BACK_MS = 24 * 60 * 60_000;

/** `YYYY-MM-DD HH:MM:SS`, PrestaShop's date format. */
const prestashopDate = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

class PullError extends Error {}

async function getJson(url: URL, apiKey: string, allowPrivate: boolean): Promise<unknown> {
  let res: Awaited<ReturnType<typeof outboundFetch>>;
  try {
    res = await outboundFetch(
      url.toString(),
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`,
          accept: "application/json",
        },
      },
      { allowPrivate },
    );
  } catch (error) {
    if (isOutboundRefusal(error)) throw new PullError(fr.server.integrations.pullRefused);
    throw new PullError(fr.server.integrations.pullUnreachable);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new PullError(fr.server.integrations.pullFailed(String(res.status)));
  }
  try {
    return await res.json();
  } catch {
    throw new PullError(fr.server.integrations.pullUnreadable);
  }
}

/**
 * Pulls a PrestaShop connection through its Webservice: the orders changed since the last pull
 * (`filter[date_upd]`, Basic auth with the key), each buyer from `customers/{id}`; each order change
 * is recorded once (`order:{id}:{date_upd}`) and taken at once. A failed pull sets the connection in
 * error with its reason in the log. Every request goes through the outbound guard.
 */
export async function pullPrestashop(deps: PullDeps, integrationId: string): Promise<void> {
  const [row] = await deps.db.select().from(integrations).where(eq(integrations.id, integrationId));
  if (row?.platform !== "prestashop") return;
  const now = deps.now();
  try {
    const apiKey = integrationSecretCipher(deps.keys).decrypt(row.secretSealed);
    if (!apiKey) throw new PullError(fr.server.integrations.pullFailed("401"));
    const since = row.pulledUntil ?? prestashopDate(new Date(row.createdAt.getTime() - FIRST_PULL_BACK_MS));
    const url = new URL(`${row.shopUrl}/api/orders`);
    url.searchParams.set("output_format", "JSON");
    url.searchParams.set("display", "full");
    url.searchParams.set("date", "1");
    url.searchParams.set("filter[date_upd]", `[${since},9999-12-31 23:59:59]`);
    url.searchParams.set("sort", "[date_upd_ASC]");
    url.searchParams.set("limit", String(PAGE));
    const body = await getJson(url, apiKey, deps.allowPrivate);
    // An empty answer is `[]`; otherwise `{"orders": [...]}`.
    const list = Array.isArray(body) ? [] : (body as { orders?: unknown }).orders;
    if (!Array.isArray(list)) throw new PullError(fr.server.integrations.pullUnreadable);
    const customers = new Map<string, unknown>();
    let pulledUntil = row.pulledUntil;
    let processed = 0;
    for (const raw of list) {
      const parsed = prestashopOrder.safeParse(raw);
      if (!parsed.success) throw new PullError(fr.server.integrations.pullUnreadable);
      const order = parsed.data;
      const customerId = String(order.id_customer ?? "");
      if (customerId && !customers.has(customerId)) {
        const customerUrl = new URL(`${row.shopUrl}/api/customers/${encodeURIComponent(customerId)}`);
        customerUrl.searchParams.set("output_format", "JSON");
        const answer = (await getJson(customerUrl, apiKey, deps.allowPrivate)) as { customer?: unknown };
        const customer = prestashopCustomer.safeParse(answer?.customer);
        customers.set(customerId, customer.success ? customer.data : null);
      }
      const [recorded] = await deps.db
        .insert(integrationEvents)
        .values({
          integrationId: row.id,
          companyId: row.companyId,
          deliveryId: `order:${order.id}:${order.date_upd}`.slice(0, 200),
          topic: "orders",
          payload: JSON.stringify({ order, customer: customers.get(customerId) ?? null, states: row.states }),
          receivedAt: now,
        })
        .onConflictDoNothing({ target: [integrationEvents.integrationId, integrationEvents.deliveryId] })
        .returning({ id: integrationEvents.id });
      if (recorded) {
        await processIntegrationEvent(deps, recorded.id);
        processed++;
      }
      if (!pulledUntil || order.date_upd > pulledUntil) pulledUntil = order.date_upd;
    }
    await deps.db
      .update(integrations)
      .set({ pulledUntil, ...(processed === 0 ? { status: "active" } : {}) })
      .where(eq(integrations.id, row.id));
  } catch (error) {
    if (!(error instanceof PullError)) throw error;
    await deps.db
      .insert(integrationEvents)
      .values({
        integrationId: row.id,
        companyId: row.companyId,
        deliveryId: `pull:${now.toISOString()}`,
        topic: "pull",
        outcome: "refused",
        reason: error.message,
        receivedAt: now,
        processedAt: now,
      })
      .onConflictDoNothing();
    await deps.db
      .update(integrations)
      .set({ status: "error", lastEventAt: now })
      .where(eq(integrations.id, row.id));
  }
}

/** Every PrestaShop connection, one after the other (the periodic task, once across instances). */
export async function pullAllPrestashop(deps: PullDeps, log: (error: unknown) => void): Promise<void> {
  const rows = await deps.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(eq(integrations.platform, "prestashop"));
  for (const row of rows) {
    try {
      await pullPrestashop(deps, row.id);
    } catch (error) {
      log(error);
    }
  }
}
