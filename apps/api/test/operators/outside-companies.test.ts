import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships } from "../../src/db/schema";
import { runOperatorRequest } from "../../src/modules/operators/operator-accounts";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  type TestApp,
  type TestCompany,
} from "../helpers";
import { signedInOperator } from "./support";

const api = (path: string) => `/api/v1${path}`;
const OPERATOR_ONLY =
  "Ce compte est celui d'un opérateur Certavis : un opérateur n'appartient à aucune entreprise, il ne peut ni en créer ni en rejoindre une.";

/**
 * Operators are Certavis staff outside any company (ARCHITECTURE §10.19): `operator add` refuses a
 * company's member (second-factor.test.ts), and an operator never becomes one later — creating a
 * company, accepting an invitation, asking to join, or a join request accepted by a company's admin.
 */
describe("an operator stays outside every company", () => {
  let t: TestApp;
  let company: TestCompany;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;

  beforeAll(async () => {
    t = await createTestApp();
    company = await createCompanyFor(t, await registerVerifiedUser(t), {
      name: "Papeterie Nord",
      planType: "EXPANSION",
    });
    operator = await signedInOperator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const membershipsOf = (userId: string) =>
    t.ctx.db.select().from(memberships).where(eq(memberships.userId, userId));

  it("cannot create a company", async () => {
    const res = await t.inject({
      method: "POST",
      url: api("/company/"),
      headers: authHeaders(operator.access),
      payload: { name: "Atelier de l'opératrice" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: OPERATOR_ONLY });
    expect(await membershipsOf(operator.id)).toEqual([]);
  });

  it("cannot accept an invitation", async () => {
    const invited = await t.inject({
      method: "POST",
      url: api("/company/invites/"),
      headers: authHeaders(company.owner.access),
      payload: { email: operator.email },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const res = await t.inject({
      method: "POST",
      url: api(`/company/invites/${invited.json().id}/accept/`),
      headers: authHeaders(operator.access),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: OPERATOR_ONLY });
    expect(await membershipsOf(operator.id)).toEqual([]);
  });

  it("cannot ask to join, and a request made before becoming an operator cannot be accepted", async () => {
    const asked = await t.inject({
      method: "POST",
      url: api("/company/requests/"),
      headers: authHeaders(operator.access),
      payload: { company_id: company.id },
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({ detail: OPERATOR_ONLY });

    const earlier = await registerVerifiedUser(t, { firstName: "Bruno" });
    const request = await t.inject({
      method: "POST",
      url: api("/company/requests/"),
      headers: authHeaders(earlier.access),
      payload: { company_id: company.id },
    });
    expect(request.statusCode, request.body).toBe(201);
    const added = await runOperatorRequest(t.ctx.db, { command: "add", email: earlier.email }, t.ctx.now());
    expect(added.ok).toBe(true);
    const accepted = await t.inject({
      method: "POST",
      url: api(`/company/requests/${request.json().id}/accept/`),
      headers: authHeaders(company.owner.access),
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({
      detail:
        "Ce compte est celui d'un opérateur Certavis : un opérateur n'appartient à aucune entreprise, sa demande ne peut pas être acceptée.",
    });
    expect(await membershipsOf(earlier.id)).toEqual([]);
  });
});
