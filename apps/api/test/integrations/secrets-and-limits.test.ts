/**
 * Secrets and limits of the connections and webhook endpoints (issue 44 §21, §14): a signing secret is
 * shown only to the roles allowed `*.secret` (packages/domain's permission table), even in the answer
 * to a creation; the plan's limits are counted under the company lock, so that parallel creations
 * never pass the last free slot twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

describe.each(TEST_DATABASES)("secrets and limits of connections and endpoints on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let manager: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind, config: { outboundAllowPrivate: true } });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    manager = authHeaders((await addMember(t, company, "manager")).access);
    admin = authHeaders((await addMember(t, company, "admin")).access);
  });
  afterAll(async () => {
    await t?.close();
  });

  const connect = (headers: Record<string, string>) =>
    t.inject({
      method: "POST",
      url: "/api/v1/company/integrations/",
      headers,
      payload: { platform: "woocommerce", shop_url: "https://boutique.exemple.fr" },
    });
  const endpoint = (headers: Record<string, string>, n = 0) =>
    t.inject({
      method: "POST",
      url: "/api/v1/company/webhooks/",
      headers,
      payload: { url: `https://127.0.0.1:9/hook-${n}`, events: ["order.created"] },
    });

  it("answers a creation's secret only to roles allowed *.secret", async () => {
    const byManager = await connect(manager);
    expect(byManager.statusCode, byManager.body).toBe(201);
    expect(byManager.json().secret).toBeNull();
    const byAdmin = await connect(admin);
    expect(byAdmin.json().secret).toEqual(expect.stringMatching(/^.{32,}$/));

    const hookByManager = await endpoint(manager);
    expect(hookByManager.statusCode, hookByManager.body).toBe(201);
    expect(hookByManager.json().secret).toBeNull();
    const hookByAdmin = await endpoint(admin);
    expect(hookByAdmin.json().secret).toMatch(/^whsec_/);
  });

  it("gives exactly 10 webhook endpoints to 20 concurrent creations", async () => {
    const other = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
    const headers = authHeaders(other.owner.access);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => endpoint(headers, n)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(10);
    const refused = answers.find((res) => res.statusCode !== 201);
    expect(refused?.statusCode).toBe(400);
    expect(refused?.json()).toEqual({
      non_field_errors: ["Vous pouvez ajouter au plus 10 points de réception."],
    });
  });

  it("gives exactly the plan's number of connections to 20 concurrent creations", async () => {
    const other = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
    const headers = authHeaders(other.owner.access);
    const answers = await Promise.all(Array.from({ length: 20 }, () => connect(headers)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(10);
    expect(answers.find((res) => res.statusCode !== 201)?.json()).toEqual({
      detail: "Votre abonnement a atteint la limite de connexions de boutique (10 connexions).",
    });
  });
});
