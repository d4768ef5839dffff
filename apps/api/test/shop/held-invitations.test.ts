import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries } from "../../src/db/schema";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

const api = (path: string) => `/api/v1${path}`;

describe.each(TEST_DATABASES)("registration invitations on the free plan on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(
      t,
      await registerVerifiedUser(t, { firstName: "Alice", lastName: "Martin" }),
      {
        name: "Maison Lumière",
        planType: "LANCEMENT",
      },
    );
    auth = authHeaders(company.owner.access);
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (email: string, hold: boolean) =>
    t.inject({
      method: "POST",
      url: api("/company/invites/"),
      headers: auth,
      payload: { email, role: "moderator", ...(hold ? { hold_until_room: true } : {}) },
    });
  const queuedTo = (email: string) =>
    t.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.toEmail, email));

  it("keeps them held (no e-mail) while the plan has no room, then sends them once a paid plan is chosen", async () => {
    // From the team settings, the free plan's limit still answers 400.
    const refused = await invite("paul@exemple.fr", false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(/1 membre/);

    for (const email of ["paul@exemple.fr", "lina@exemple.fr"]) {
      const held = await invite(email, true);
      expect(held.statusCode, held.body).toBe(201);
      expect(expectMatchesContract<{ status: string }>(held, "companyInvitesCreate").status).toBe("held");
      expect(await queuedTo(email)).toHaveLength(0);
    }
    const again = await invite("lina@exemple.fr", true);
    expect(again.statusCode).toBe(400);
    const listed = await t.inject({ method: "GET", url: api("/company/invites/"), headers: auth });
    expect(
      expectMatchesContract<{ results: { email: string; status: string }[] }>(listed, "companyInvitesList")
        .results.map((r) => [r.email, r.status])
        .sort(),
    ).toEqual([
      ["lina@exemple.fr", "held"],
      ["paul@exemple.fr", "held"],
    ]);

    // Step 3: a paid plan through the checkout (the sandbox applies it as Stripe's webhooks would),
    // once the billing address is given.
    const address = await t.inject({
      method: "PATCH",
      url: api("/company/"),
      headers: auth,
      payload: { billing_address: "4 rue des Potiers\n44000 Nantes" },
    });
    expect(address.statusCode, address.body).toBe(200);
    const checkout = await t.inject({
      method: "POST",
      url: api("/company/subscription/checkout-session/"),
      headers: auth,
      payload: {
        subscription_type: "CROISSANCE",
        success_url: `${t.publicUrl}/register?checkout=success`,
        cancel_url: `${t.publicUrl}/register?checkout=cancel`,
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const path = new URL(checkout.json<{ url: string }>().url).pathname;
    const pay = await t.inject({
      method: "POST",
      url: `${path}complete/`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(pay.statusCode, pay.body).toBe(303);

    for (const email of ["paul@exemple.fr", "lina@exemple.fr"]) {
      const mail = await t.smtp.waitForMail((m) => m.to.includes(email), 10_000);
      expect(mail.subject).toBe("Invitation à rejoindre Maison Lumière sur Certavis");
      expect(mail.text).toContain("Alice Martin vous invite à rejoindre Maison Lumière sur Certavis");
    }
    const after = await t.inject({ method: "GET", url: api("/company/invites/"), headers: auth });
    expect(
      expectMatchesContract<{ results: { status: string }[] }>(after, "companyInvitesList").results.map(
        (r) => r.status,
      ),
    ).toEqual(["pending", "pending"]);
  });
});
