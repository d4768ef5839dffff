import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import { integrationEvents, integrations } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { isOutboundRefusal, outboundFetch } from "../../lib/outbound";
import { nextSecond, wallClockAt } from "../../lib/zoned-time";
import {
  DEFAULT_SHOP_TIMEZONE,
  type PrestashopOrder,
  prestashopCustomer,
  prestashopOrder,
} from "./prestashop";
import { type EventDeps, processIntegrationEvent } from "./process-event";
import { integrationSecretCipher } from "./signing";

export interface PullDeps extends EventDeps {
  keys: KeyRing;
  /** `OUTBOUND_ALLOW_PRIVATE=1`: http and private addresses (development and tests only). */
  allowPrivate: boolean;
  /** Orders asked per request (default 100). */
  pageSize?: number;
}

const PAGE = 100;
/** Pages read per pull; the next pull goes on from the last order read. */
const PAGES_PER_PULL = 10;
/** A first pull reads the orders changed in the day before the connection. */
const FIRST_PULL_BACK_MS = 24 * 60 * 60_000;
/** The most an answer of the Webservice may weigh: 100 full orders take a few hundred KB. */
export const MAX_ANSWER_MB = 4;
const MAX_ANSWER_BYTES = MAX_ANSWER_MB * 1024 * 1024;
/** Each request of a pull, answer included. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Shops pulled at once by the periodic task. */
const PULL_CONCURRENCY = 4;
/** The largest id PrestaShop's interval filter is given as the upper bound. */
const MAX_ID = "999999999999";

class PullError extends Error {}

/** The answer's text, read up to `MAX_ANSWER_BYTES`; past it the rest is never read (the request is cancelled). */
async function cappedText(res: Awaited<ReturnType<typeof outboundFetch>>): Promise<string> {
  const tooLarge = () => new PullError(fr.server.integrations.pullTooLarge(MAX_ANSWER_MB));
  if (Number(res.headers.get("content-length") ?? 0) > MAX_ANSWER_BYTES) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function getJson(url: URL, apiKey: string, allowPrivate: boolean): Promise<unknown> {
  let text: string;
  try {
    const res = await outboundFetch(
      url.toString(),
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`,
          accept: "application/json",
        },
      },
      { allowPrivate, timeoutMs: REQUEST_TIMEOUT_MS },
    );
    if (!res.ok) {
      await res.body?.cancel();
      throw new PullError(fr.server.integrations.pullFailed(String(res.status)));
    }
    text = await cappedText(res);
  } catch (error) {
    if (error instanceof PullError) throw error;
    if (isOutboundRefusal(error)) throw new PullError(fr.server.integrations.pullRefused);
    throw new PullError(fr.server.integrations.pullUnreachable);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new PullError(fr.server.integrations.pullUnreadable);
  }
}

/** Where a pull goes on from: the last order read, `(date_upd, id)`; no id on a first pull. */
interface Cursor {
  date: string;
  id: number | null;
}

/**
 * The next orders after `cursor`, oldest change first, at most `limit`: those changed in the cursor's
 * second after its id, then those changed later (`filter` with PrestaShop's documented literal and
 * interval forms; keyset on `(date_upd, id)`, so that any number of orders sharing a second is read).
 */
async function ordersAfter(
  shopUrl: string,
  apiKey: string,
  allowPrivate: boolean,
  cursor: Cursor,
  limit: number,
): Promise<PrestashopOrder[]> {
  const ask = async (filters: Record<string, string>, sort: string, n: number) => {
    const url = new URL(`${shopUrl}/api/orders`);
    url.searchParams.set("output_format", "JSON");
    url.searchParams.set("display", "full");
    url.searchParams.set("date", "1");
    for (const [name, value] of Object.entries(filters)) url.searchParams.set(`filter[${name}]`, value);
    url.searchParams.set("sort", sort);
    url.searchParams.set("limit", String(n));
    const body = await getJson(url, apiKey, allowPrivate);
    // An empty answer is `[]`; otherwise `{"orders": [...]}`.
    const list = Array.isArray(body) ? [] : (body as { orders?: unknown } | null)?.orders;
    if (!Array.isArray(list)) throw new PullError(fr.server.integrations.pullUnreadable);
    return list.map((raw) => {
      const parsed = prestashopOrder.safeParse(raw);
      if (!parsed.success) throw new PullError(fr.server.integrations.pullUnreadable);
      return parsed.data;
    });
  };
  const found: PrestashopOrder[] = [];
  if (cursor.id !== null)
    found.push(
      ...(await ask({ date_upd: `[${cursor.date}]`, id: `[${cursor.id + 1},${MAX_ID}]` }, "[id_ASC]", limit)),
    );
  if (found.length < limit) {
    const from = cursor.id === null ? cursor.date : nextSecond(cursor.date);
    found.push(
      ...(await ask(
        { date_upd: `[${from},9999-12-31 23:59:59]` },
        "[date_upd_ASC,id_ASC]",
        limit - found.length,
      )),
    );
  }
  return found;
}

/**
 * Pulls a PrestaShop connection through its Webservice: the orders changed after the last one read
 * (keyset on `date_upd`, `id`, in the shop's timezone), a few pages per pull, each buyer from
 * `customers/{id}` once; each order change is recorded once (`order:{id}:{date_upd}`) and taken at
 * once, and the cursor saved after each page. Every request goes through the outbound guard, with a
 * timeout and an answer of a few MB at most. A failed pull sets the connection in error with its
 * reason in the log.
 */
export async function pullPrestashop(deps: PullDeps, integrationId: string): Promise<void> {
  const [row] = await deps.db.select().from(integrations).where(eq(integrations.id, integrationId));
  if (row?.platform !== "prestashop") return;
  const now = deps.now();
  const pageSize = deps.pageSize ?? PAGE;
  try {
    const apiKey = row.secretSealed ? integrationSecretCipher(deps.keys).decrypt(row.secretSealed) : null;
    if (!apiKey) throw new PullError(fr.server.integrations.pullFailed("401"));
    const timezone = row.timezone || DEFAULT_SHOP_TIMEZONE;
    const cursor: Cursor = row.pulledUntil
      ? { date: row.pulledUntil, id: row.pulledAfterId }
      : { date: wallClockAt(new Date(row.createdAt.getTime() - FIRST_PULL_BACK_MS), timezone), id: null };
    const customers = new Map<string, unknown>();
    let processed = 0;
    for (let page = 0; page < PAGES_PER_PULL; page++) {
      const list = await ordersAfter(row.shopUrl, apiKey, deps.allowPrivate, cursor, pageSize);
      for (const order of list) {
        const customerId = String(order.id_customer ?? "");
        if (customerId && !customers.has(customerId)) {
          const customerUrl = new URL(`${row.shopUrl}/api/customers/${encodeURIComponent(customerId)}`);
          customerUrl.searchParams.set("output_format", "JSON");
          const answer = (await getJson(customerUrl, apiKey, deps.allowPrivate)) as {
            customer?: unknown;
          } | null;
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
            payload: JSON.stringify({
              order,
              customer: customers.get(customerId) ?? null,
              states: row.states,
              timezone,
            }),
            receivedAt: now,
          })
          .onConflictDoNothing({ target: [integrationEvents.integrationId, integrationEvents.deliveryId] })
          .returning({ id: integrationEvents.id });
        if (recorded) {
          await processIntegrationEvent(deps, recorded.id);
          processed++;
        }
        const id = Number(order.id);
        cursor.date = order.date_upd;
        cursor.id = Number.isSafeInteger(id) ? id : null;
      }
      await deps.db
        .update(integrations)
        .set({
          pulledUntil: list.length ? cursor.date : row.pulledUntil,
          pulledAfterId: list.length ? cursor.id : row.pulledAfterId,
        })
        .where(eq(integrations.id, row.id));
      if (list.length < pageSize) break;
    }
    if (processed === 0)
      await deps.db.update(integrations).set({ status: "active" }).where(eq(integrations.id, row.id));
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

/**
 * Every PrestaShop connection, a few at a time (the periodic task, once across instances): a slow
 * shop holds one of the slots, never the others' pulls.
 */
export async function pullAllPrestashop(deps: PullDeps, log: (error: unknown) => void): Promise<void> {
  const rows = await deps.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(eq(integrations.platform, "prestashop"));
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      if (!row) return;
      try {
        await pullPrestashop(deps, row.id);
      } catch (error) {
        log(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PULL_CONCURRENCY, rows.length) }, worker));
}
