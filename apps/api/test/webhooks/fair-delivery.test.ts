import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_ENDPOINT_CONCURRENCY } from "@certavis/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueWebhookEvents } from "../../src/lib/webhook-outbox";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  SQL_TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

/** How long the slow receiver takes to answer each request. */
const SLOW_MS = 3000;

/**
 * A receiver on 127.0.0.1: `/slow` answers after SLOW_MS, every other path at once; it keeps when each
 * path was hit and the most requests `/slow` had open at once.
 */
async function startReceiver() {
  const hits = new Map<string, number[]>();
  let open = 0;
  let mostOpen = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const path = request.url ?? "/";
      hits.set(path, [...(hits.get(path) ?? []), Date.now()]);
      if (path !== "/slow") return void response.writeHead(200).end();
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      setTimeout(() => {
        open -= 1;
        response.writeHead(200).end();
      }, SLOW_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hitsOf: (path: string) => hits.get(path) ?? [],
    mostOpen: () => mostOpen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(SQL_TEST_DATABASES)("webhook deliveries shared fairly on %s", (kind) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let shopA: TestCompany;
  let shopB: TestCompany;

  beforeAll(async () => {
    t = await createTestApp({ kind, config: { outboundAllowPrivate: true } });
    receiver = await startReceiver();
    shopA = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    shopB = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    const subscribe = async (company: TestCompany, path: string) =>
      expectMatchesContract(
        await t.inject({
          method: "POST",
          url: "/api/v1/company/webhooks/",
          headers: authHeaders(company.owner.access),
          payload: { url: receiver.url(path), events: ["order.created"] },
        }),
        "companyWebhooksCreate",
      );
    await subscribe(shopA, "/a");
    await subscribe(shopB, "/slow");
    await subscribe(shopB, "/b-fast");
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const ordersCreated = (companyId: string, count: number) =>
    t.ctx.db.transaction((tx) =>
      enqueueWebhookEvents(
        tx,
        Array.from({ length: count }, () => ({
          companyId,
          type: "order.created" as const,
          subjectId: randomUUID(),
          at: t.ctx.now(),
        })),
      ),
    );

  it("B's 40 events to a slow receiver hold neither A's delivery nor B's other endpoint", async () => {
    await ordersCreated(shopB.id, 40);
    t.app.webhooks.notify();
    await expect.poll(() => receiver.hitsOf("/slow").length, { timeout: 5000 }).toBeGreaterThan(0);

    const sentAt = Date.now();
    await ordersCreated(shopA.id, 1);
    t.app.webhooks.notify();
    await expect.poll(() => receiver.hitsOf("/a").length, { timeout: 10_000 }).toBe(1);
    const waited = (receiver.hitsOf("/a")[0] ?? Number.POSITIVE_INFINITY) - sentAt;
    // Well under one slow answer: A never waits behind B's receiver.
    expect(waited).toBeLessThan(SLOW_MS);

    // B's fast endpoint gets its 40 while the slow one, 4 at a time (30 s in all), is not done.
    await expect.poll(() => receiver.hitsOf("/b-fast").length, { timeout: 25_000 }).toBe(40);
    expect(receiver.hitsOf("/slow").length).toBeLessThan(40);
    expect(receiver.mostOpen()).toBe(WEBHOOK_ENDPOINT_CONCURRENCY);
  });
});
