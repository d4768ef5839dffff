import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../src/db/schema";
import { reviewsChanged } from "../../src/lib/reviews-changed";
import {
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  orderWithReview,
  registerVerifiedUser,
  type TestApp,
  type TestCompany,
} from "../helpers";

/**
 * The public JSON replayed from the HTTP server (http/replayed-answers.ts), over a real socket: the
 * replay happens before Fastify, which `app.inject` never reaches. While the app is marked not ready,
 * the pipeline answers every /api/ request 503: a 200 then can only be a replayed answer.
 */
describe("replayed public answers", () => {
  let t: TestApp;
  let company: TestCompany;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    company = await createCompanyFor(t, await registerVerifiedUser(t), { name: "Maison Rejouée" });
    const auth = authHeaders(company.owner.access);
    const lamp = await createProduct(t, auth, "Lampe");
    const ordered = new Date("2026-03-01T10:00:00Z");
    await orderWithReview(t, company.id, lamp.id, ordered, {
      status: "approved",
      rating: 5,
      comment: "Première",
      at: ordered,
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
  });
  afterEach(() => {
    t.ctx.state.ready = true;
  });
  afterAll(async () => {
    await t?.close();
  });

  const reviewsUrl = () => `${base}/public/reviews/?company_id=${company.id}`;
  const headersOf = (response: Response) =>
    Object.fromEntries([...response.headers].filter(([name]) => !["date", "keep-alive"].includes(name)));

  it("replays the pipeline's answer, same headers and bytes, whatever the request's origin", async () => {
    const first = await fetch(reviewsUrl());
    expect(first.status).toBe(200);
    const body = await first.text();
    t.ctx.state.ready = false;
    const replayed = await fetch(reviewsUrl(), { headers: { origin: "https://boutique.example" } });
    expect(replayed.status).toBe(200);
    expect(await replayed.text()).toBe(body);
    expect(headersOf(replayed)).toEqual(headersOf(first));
    expect(replayed.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    // Revalidations, other methods and URLs never answered go through the pipeline.
    const etag = String(first.headers.get("etag"));
    expect((await fetch(reviewsUrl(), { headers: { "if-none-match": etag } })).status).toBe(503);
    expect((await fetch(reviewsUrl(), { method: "HEAD" })).status).toBe(503);
    expect((await fetch(`${reviewsUrl()}&limit=3`)).status).toBe(503);
  });

  it("stops at once when the company's reviews change (body-cache.test.ts: and once no longer fresh)", async () => {
    expect((await fetch(reviewsUrl())).status).toBe(200);
    await t.ctx.db.update(reviews).set({ replyBody: "Merci !", replyCreatedAt: new Date() });
    reviewsChanged(company.id);
    t.ctx.state.ready = false;
    expect((await fetch(reviewsUrl())).status).toBe(503);
    t.ctx.state.ready = true;
    const changed = await fetch(reviewsUrl());
    expect(await changed.text()).toContain("Merci !");
  });
});
