/**
 * A fake PrestaShop Webservice on 127.0.0.1, answering as the documented one does: `GET /api/orders`
 * with `display=full`, `filter[date_upd]` and `filter[id]` (a literal `[v]` or an interval `[a,b]`),
 * `sort=[date_upd_ASC,id_ASC]` and `limit`, and `GET /api/customers/{id}`, behind Basic auth with the
 * key. Tests set its orders, its customers, a delay per answer, or an endless answer.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeOrder {
  id: number;
  date_upd: string;
  [field: string]: unknown;
}

export interface FakePrestashop {
  /** `http://127.0.0.1:{port}/shop` */
  url: string;
  apiKey: string;
  orders: FakeOrder[];
  customers: Map<string, unknown>;
  /** Every request, in order. */
  seen: { path: string; query: URLSearchParams }[];
  /** Milliseconds each answer waits. */
  delayMs: number;
  /** Most requests in flight at once since the last reset. */
  maxInFlight: number;
  /** When set, `/api/orders` answers an endless JSON body; the bytes written are counted here. */
  endless: { on: boolean; written: number; closed: boolean };
  close(): Promise<void>;
}

/** `[a,b]` or `[v]`: whether `value` lies within (strings of equal format compare in order). */
function matches(filter: string | null, value: string | number): boolean {
  if (filter === null) return true;
  const inner = /^\[(.*)\]$/.exec(filter)?.[1];
  if (inner === undefined) throw new Error(`unsupported filter ${filter}`);
  const [low, high] = inner.split(",");
  const compare = (a: string | number, b: string) =>
    typeof a === "number" ? a - Number(b) : a < b ? -1 : a > b ? 1 : 0;
  if (high === undefined) return compare(value, low ?? "") === 0;
  return compare(value, low ?? "") >= 0 && compare(value, high) <= 0;
}

function sortOrders(orders: FakeOrder[], sort: string | null): FakeOrder[] {
  const keys = (sort ?? "[id_ASC]")
    .replace(/^\[|\]$/g, "")
    .split(",")
    .map((key) => {
      const [, field = "id", direction = "ASC"] = /^(.*)_(ASC|DESC)$/.exec(key) ?? [];
      return { field, sign: direction === "DESC" ? -1 : 1 };
    });
  return [...orders].sort((a, b) => {
    for (const { field, sign } of keys) {
      const x = a[field] as string | number;
      const y = b[field] as string | number;
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    return 0;
  });
}

async function writeEndless(res: ServerResponse, state: FakePrestashop["endless"]) {
  const chunk = Buffer.from(`${JSON.stringify({ id: 1, reference: "X".repeat(60_000) })},`);
  res.on("close", () => {
    state.closed = true;
  });
  res.write('{"orders":[');
  while (!res.destroyed && state.written < 300 * 1024 * 1024) {
    state.written += chunk.length;
    if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
  }
  res.end();
}

export async function startFakePrestashop(apiKey: string): Promise<FakePrestashop> {
  let inFlight = 0;
  const fake: FakePrestashop = {
    url: "",
    apiKey,
    orders: [],
    customers: new Map(),
    seen: [],
    delayMs: 0,
    maxInFlight: 0,
    endless: { on: false, written: 0, closed: false },
    close: async () => {},
  };
  const server = createServer(async (req, res) => {
    inFlight++;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      fake.seen.push({ path: url.pathname, query: url.searchParams });
      if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      res.setHeader("content-type", "application/json");
      const customer = /^\/shop\/api\/customers\/(\d+)$/.exec(url.pathname)?.[1];
      if (req.headers.authorization !== `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`) {
        res.statusCode = 401;
        res.end('{"errors":[{"code":25,"message":"Can\'t authenticate"}]}');
      } else if (url.pathname === "/shop/api/orders" && fake.endless.on) {
        await writeEndless(res, fake.endless);
      } else if (url.pathname === "/shop/api/orders") {
        const q = url.searchParams;
        const found = sortOrders(
          fake.orders.filter(
            (order) =>
              matches(q.get("filter[date_upd]"), order.date_upd) && matches(q.get("filter[id]"), order.id),
          ),
          q.get("sort"),
        );
        const [offset, limit] = (q.get("limit") ?? "").includes(",")
          ? (q.get("limit") ?? "").split(",").map(Number)
          : [0, Number(q.get("limit") || found.length)];
        const page = found.slice(offset ?? 0, (offset ?? 0) + (limit ?? found.length));
        // PrestaShop answers an empty list as `[]`.
        res.end(page.length ? JSON.stringify({ orders: page }) : "[]");
      } else if (url.pathname === "/shop/api/order_states") {
        // With several languages, a name is one text per language.
        res.end(
          JSON.stringify({
            order_states: [
              {
                id: 2,
                name: [
                  { id: "1", value: "Paiement accepté" },
                  { id: "2", value: "Payment accepted" },
                ],
              },
              { id: 4, name: [{ id: "1", value: "Expédié" }] },
              { id: 5, name: "Livré" },
            ],
          }),
        );
      } else if (customer && fake.customers.has(customer)) {
        res.end(JSON.stringify({ customer: fake.customers.get(customer) }));
      } else {
        res.statusCode = 404;
        res.end("[]");
      }
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
