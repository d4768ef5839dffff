import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueTokenPair } from "../../src/auth/refresh-tokens";
import { webhookEndpoints, webhookMessages } from "../../src/db/schema";
import { manualClock } from "../../src/modules/pipeline";
import { purgeWebhookMessages } from "../../src/modules/webhooks/purge-messages";
import {
  addMember,
  authHeaders,
  companyWithTeaProduct,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  importOrders,
  orderWithReview,
  type ResponseLike,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver on 127.0.0.1 answering each path from its queue of statuses (then 200), or by the event a
 * body tells (`failEvent`: deliveries made in parallel reach it in any order).
 */
async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const failing = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const body = received.at(-1)?.body ?? "";
      const failed = failing.get(path);
      if (failed && body.includes(`"type":"${failed}"`)) return void response.writeHead(500).end();
      const queue = answers.get(path) ?? [];
      response.writeHead(queue.shift() ?? (path === "/down" ? 500 : 200)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    answer: (path: string, ...statuses: number[]) => answers.set(path, statuses),
    failEvent: (path: string, type: string | undefined) =>
      type ? failing.set(path, type) : failing.delete(path),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const SECOND = 1000;

function answer<T = unknown>(response: ResponseLike, status: number, operationId: string): T {
  expect(response.statusCode, response.body).toBe(status);
  return expectMatchesContract<T>(response, operationId);
}
const DAY = 86_400_000;

describe.each(TEST_DATABASES)("outgoing webhooks on %s", (kind) => {
  const clock = manualClock(new Date("2026-03-02T09:00:00Z"));
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let productId: string;

  const create = (payload: unknown, headers = auth) =>
    t.inject({ method: "POST", url: "/api/v1/company/webhooks/", headers, payload: payload as object });
  const deliveries = async (endpointId: string) => {
    const res = await t.inject({
      method: "GET",
      url: `/api/v1/company/webhooks/${endpointId}/deliveries/`,
      headers: auth,
    });
    return answer<{
      results: {
        id: string;
        event_type: string;
        status: string;
        attempts: number;
        status_code: number | null;
        next_attempt_at: string | null;
      }[];
    }>(res, 200, "companyWebhookDeliveriesList");
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now(), config: { outboundAllowPrivate: true } });
    // The test drives the queue itself (drain) on its clock.
    await t.app.webhooks.stop();
    receiver = await startReceiver();
    const owner = await registerVerifiedUser(t);
    company = await createCompanyFor(t, owner, { name: "Maison Lumière", planType: "CROISSANCE" });
    auth = authHeaders(owner.access);
    productId = (await createProduct(t, auth, "Lampe Aurore")).id;
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it("refuses at creation a URL leading to a private, loopback or metadata address (400, French)", async () => {
    t.ctx.config.outboundAllowPrivate = false;
    try {
      for (const url of [
        "https://127.0.0.1/hook",
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://[fd00:ec2::254]/",
        `https://localhost:${receiver.port}/hook`,
      ]) {
        const res = await create({ url, events: ["review.published"] });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({
          url: ["Cette adresse mène à un réseau privé ou réservé : donnez une adresse publique."],
        });
      }
      const http = await create({ url: receiver.url("/hook"), events: ["review.published"] });
      expect(http.json()).toEqual({ url: ["L'adresse doit commencer par https://."] });
    } finally {
      t.ctx.config.outboundAllowPrivate = true;
    }
    // OUTBOUND_ALLOW_PRIVATE opens loopback, never the metadata address.
    const metadata = await create({ url: "http://169.254.169.254/", events: ["review.published"] });
    expect(metadata.statusCode).toBe(400);
    const unknownEvent = await create({ url: receiver.url("/hook"), events: ["review.deleted"] });
    expect(unknownEvent.statusCode).toBe(400);
  });

  it("lets managers manage endpoints, admins only read the secret, other roles nothing", async () => {
    const manager = authHeaders((await addMember(t, company, "manager")).access);
    const moderator = authHeaders((await addMember(t, company, "moderator")).access);
    const admin = authHeaders((await addMember(t, company, "admin")).access);
    const created = await create({ url: receiver.url("/managed"), events: ["order.created"] }, manager);
    const endpoint = answer<{ id: string; secret: string | null }>(created, 201, "companyWebhooksCreate");
    // Issue 44 §21: a manager creates it but is not answered its secret (`webhooks.secret`).
    expect(endpoint.secret).toBeNull();
    const secretUrl = `/api/v1/company/webhooks/${endpoint.id}/secret/`;
    expect((await t.inject({ method: "GET", url: secretUrl, headers: manager })).statusCode).toBe(403);
    const revealed = answer<{ secret: string }>(
      await t.inject({ method: "GET", url: secretUrl, headers: admin }),
      200,
      "companyWebhooksSecret",
    );
    expect(revealed.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(revealed.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    expect(
      (await t.inject({ method: "GET", url: "/api/v1/company/webhooks/", headers: moderator })).statusCode,
    ).toBe(403);
    const listed = await t.inject({ method: "GET", url: "/api/v1/company/webhooks/", headers: manager });
    expect(
      answer<{ results: { secret: null }[] }>(listed, 200, "companyWebhooksList").results[0]?.secret,
    ).toBeNull();
    const deleted = await t.inject({
      method: "DELETE",
      url: `/api/v1/company/webhooks/${endpoint.id}/`,
      headers: manager,
    });
    expect(deleted.statusCode).toBe(204);
  });

  it("signs order.created and review.published; a 500 is retried 5 s later with the same webhook-id", async () => {
    const created = answer<{ id: string; secret: string }>(
      await create({
        url: receiver.url("/hook"),
        events: ["review.published", "order.created"],
        description: "ERP",
      }),
      201,
      "companyWebhooksCreate",
    );
    const verifier = new Webhook(created.secret);
    const order = await orderWithReview(t, company.id, productId, clock.now(), {
      status: "pending",
      rating: 5,
      at: clock.now(),
    });
    const [review] = (
      await t.inject({ method: "GET", url: "/api/v1/company/reviews/", headers: auth })
    ).json().results as { id: string }[];
    if (!review) throw new Error("no review");
    clock.set(new Date(clock.now().getTime() + SECOND));
    const approved = await t.inject({
      method: "PATCH",
      url: `/api/v1/company/reviews/${review.id}/`,
      headers: auth,
      payload: { status: "approved" },
    });
    expect(approved.statusCode).toBe(200);

    receiver.received.length = 0;
    receiver.failEvent("/hook", "review.published");
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 1, retry: 1, failed: 0 });
    receiver.failEvent("/hook", undefined);
    expect(receiver.received).toHaveLength(2);
    const bodies = receiver.received.map((hit) =>
      verifier.verify(hit.body, hit.headers as Record<string, string>),
    );
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "order.created",
          data: expect.objectContaining({ id: order.id, reference: order.reference }),
        }),
        expect.objectContaining({
          type: "review.published",
          data: expect.objectContaining({ id: review.id, status: "approved" }),
        }),
      ]),
    );
    const failedHit = receiver.received.find((hit) => hit.body.includes('"review.published"'));
    if (!failedHit) throw new Error("review.published not sent");
    expect(JSON.parse(failedHit.body)).toMatchObject({ timestamp: clock.now().toISOString() });

    let list = (await deliveries(created.id)).results;
    const pending = list.find((d) => d.event_type === "review.published");
    expect(pending).toMatchObject({ status: "scheduled", attempts: 1, status_code: 500 });
    expect(pending?.next_attempt_at).toBe(new Date(clock.now().getTime() + 5 * SECOND).toISOString());

    // Not due yet; then 5 s later the same message again.
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 0, retry: 0, failed: 0 });
    clock.set(new Date(clock.now().getTime() + 5 * SECOND));
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 1, retry: 0, failed: 0 });
    const retried = receiver.received.at(-1);
    expect(retried?.headers["webhook-id"]).toBe(failedHit.headers["webhook-id"]);
    expect(retried?.body).toBe(failedHit.body);
    expect(verifier.verify(retried?.body ?? "", retried?.headers as Record<string, string>)).toMatchObject({
      type: "review.published",
    });
    list = (await deliveries(created.id)).results;
    expect(list.find((d) => d.event_type === "review.published")).toMatchObject({
      status: "delivered",
      attempts: 2,
      status_code: 200,
      next_attempt_at: null,
    });
  });

  it("tells order.created for each order a CSV import creates, in the import's own statement", async () => {
    const shop = await companyWithTeaProduct(t);
    const created = answer<{ id: string; secret: string }>(
      await create({ url: receiver.url("/import"), events: ["order.created"] }, shop.auth),
      201,
      "companyWebhooksCreate",
    );
    const date = clock.now().toISOString().slice(0, 10);
    const job = await importOrders(
      t,
      shop.auth,
      [
        "reference;sku;buyer_email;buyer_first_name;buyer_last_name;order_date",
        `CSV-1;TEA-1;un@exemple.fr;Un;Client;${date}`,
        `CSV-2;TEA-1;deux@exemple.fr;Deux;Client;${date}`,
      ].join("\n"),
    );
    expect(job).toMatchObject({ status: "done", created: 2 });
    receiver.received.length = 0;
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 2, retry: 0, failed: 0 });
    const verifier = new Webhook(created.secret);
    const references = receiver.received
      .map(
        (hit) =>
          verifier.verify(hit.body, hit.headers as Record<string, string>) as { data: { reference: string } },
      )
      .map((event) => event.data.reference)
      .sort();
    expect(references).toEqual(["CSV-1", "CSV-2"]);
  });

  it("disables an endpoint after 5 days of failures and tells the admins by e-mail; resend after re-enabling", async () => {
    const created = answer<{ id: string }>(
      await create({ url: receiver.url("/down"), events: ["review.withdrawn"] }),
      201,
      "companyWebhooksCreate",
    );
    const ping = async () => {
      const res = await t.inject({
        method: "POST",
        url: `/api/v1/company/webhooks/${created.id}/test/`,
        headers: auth,
      });
      return answer<{ id: string; event_type: string }>(res, 202, "companyWebhooksTest");
    };
    const first = await ping();
    expect(first.event_type).toBe("ping");
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 0, retry: 1, failed: 0 });
    // Every retry fails: 7 more attempts over about 28 hours, then the delivery is failed.
    for (let retry = 0; retry < 7; retry += 1) {
      clock.set(new Date(clock.now().getTime() + 10 * 3_600_000));
      await t.app.webhooks.drain();
    }
    // The clock moved days: a fresh access token.
    auth = authHeaders((await issueTokenPair(t.ctx, t.ctx.db, company.owner.id)).access);
    expect((await deliveries(created.id)).results[0]).toMatchObject({ status: "failed", attempts: 8 });
    let [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row?.enabled).toBe(true);

    // 5 days after the first failure, the next failure disables it.
    clock.set(new Date(clock.now().getTime() + 5 * DAY - 70 * 3_600_000));
    auth = authHeaders((await issueTokenPair(t.ctx, t.ctx.db, company.owner.id)).access);
    await ping();
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 0, retry: 0, failed: 1 });
    [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row).toMatchObject({ enabled: false });
    const mail = await t.smtp.waitForMail(
      (m) =>
        m.subject === "Un point de réception de webhooks a été désactivé" &&
        m.to.includes(company.owner.email),
    );
    expect(mail.text).toContain(receiver.url("/down"));

    const failed = (await deliveries(created.id)).results[0];
    const resendUrl = `/api/v1/company/webhook-deliveries/${failed?.id}/resend/`;
    expect((await t.inject({ method: "POST", url: resendUrl, headers: auth })).statusCode).toBe(409);
    const enabled = await t.inject({
      method: "PATCH",
      url: `/api/v1/company/webhooks/${created.id}/`,
      headers: auth,
      payload: { enabled: true },
    });
    expect(answer(enabled, 200, "companyWebhooksUpdate")).toMatchObject({
      enabled: true,
      failing_since: null,
    });
    receiver.answer("/down", 204);
    const resent = await t.inject({ method: "POST", url: resendUrl, headers: auth });
    expect(answer(resent, 202, "companyWebhookDeliveriesResend")).toMatchObject({ status: "scheduled" });
    expect(await t.app.webhooks.drain()).toEqual({ delivered: 1, retry: 0, failed: 0 });
  });

  it("forgets sent events after 30 days (their bodies carry buyers' data)", async () => {
    const count = async () =>
      (await t.ctx.db.select({ id: webhookMessages.id }).from(webhookMessages)).length;
    expect(await count()).toBeGreaterThan(0);
    expect(await purgeWebhookMessages(t.ctx.db, clock.now())).toBe(0);
    await purgeWebhookMessages(t.ctx.db, new Date(clock.now().getTime() + 31 * DAY));
    expect(await count()).toBe(0);
  });
});
