import { fr } from "@certavis/i18n-fr/server";
import { z } from "zod";
import { isOutboundRefusal, outboundFetch } from "../../../lib/outbound";
import { nextSecond } from "../../../lib/zoned-time";

const id = z.union([z.string(), z.number()]).nullish();
/** An order as the Webservice answers it (`display=full`). */
export const prestashopOrder = z.object({
  id: z.union([z.string(), z.number()]),
  reference: z.string().nullish(),
  id_customer: id,
  current_state: id,
  date_add: z.string().nullish(),
  date_upd: z.string(),
  associations: z
    .object({
      order_rows: z
        .array(
          z.object({
            product_id: id,
            product_reference: z.string().nullish(),
            product_name: z.string().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});
export type PrestashopOrder = z.infer<typeof prestashopOrder>;

export const prestashopCustomer = z.object({
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
  email: z.string().nullish(),
});
export type PrestashopCustomer = z.infer<typeof prestashopCustomer>;

/** The most an answer of the Webservice may weigh: 100 full orders take a few hundred KB. */
export const MAX_ANSWER_MB = 4;
const MAX_ANSWER_BYTES = MAX_ANSWER_MB * 1024 * 1024;
/** Each request of a pull, answer included. */
const REQUEST_TIMEOUT_MS = 15_000;
/** The largest id PrestaShop's interval filter is given as the upper bound. */
const MAX_ID = "999999999999";

/** A pull that failed, with its reason for the connection's log. */
export class PullError extends Error {}

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
export interface Cursor {
  date: string;
  id: number | null;
}

/**
 * The next orders after `cursor`, oldest change first, at most `limit`: those changed in the cursor's
 * second after its id, then those changed later (`filter` with PrestaShop's documented literal and
 * interval forms; keyset on `(date_upd, id)`, so that any number of orders sharing a second is read).
 */
export async function ordersAfter(
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

/** An order's buyer (`customers/{id}`), or null when the answer is not one. */
export async function customerOf(
  shopUrl: string,
  apiKey: string,
  allowPrivate: boolean,
  customerId: string,
): Promise<PrestashopCustomer | null> {
  const url = new URL(`${shopUrl}/api/customers/${encodeURIComponent(customerId)}`);
  url.searchParams.set("output_format", "JSON");
  const answer = (await getJson(url, apiKey, allowPrivate)) as { customer?: unknown } | null;
  const customer = prestashopCustomer.safeParse(answer?.customer);
  return customer.success ? customer.data : null;
}

/** A state's name as the Webservice gives it: text, or one text per language (the first is taken). */
const stateName = z.union([z.string(), z.array(z.object({ value: z.string() })).min(1)]);

/**
 * The shop's order states by id (`order_states`, their names in the shop's first language), so the
 * log names a state ('Paiement accepté') rather than its number; empty when the key may not read them.
 */
export async function orderStateNames(
  shopUrl: string,
  apiKey: string,
  allowPrivate: boolean,
): Promise<Map<string, string>> {
  const url = new URL(`${shopUrl}/api/order_states`);
  url.searchParams.set("output_format", "JSON");
  url.searchParams.set("display", "[id,name]");
  const names = new Map<string, string>();
  try {
    const answer = (await getJson(url, apiKey, allowPrivate)) as { order_states?: unknown } | null;
    const states = Array.isArray(answer?.order_states) ? answer.order_states : [];
    for (const state of states as { id?: unknown; name?: unknown }[]) {
      const name = stateName.safeParse(state?.name);
      if (!name.success || (typeof state.id !== "string" && typeof state.id !== "number")) continue;
      const text = typeof name.data === "string" ? name.data : (name.data[0]?.value ?? "");
      if (text.trim()) names.set(String(state.id), text.trim().slice(0, 100));
    }
  } catch (error) {
    if (!(error instanceof PullError)) throw error;
  }
  return names;
}
