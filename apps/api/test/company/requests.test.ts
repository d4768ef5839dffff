import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinRequests, memberships } from "../../src/db/schema";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
  type TestUser,
} from "../helpers";

const api = (path: string) => `/api/v1${path}`;

interface RequestBody {
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  role: string | null;
  status: string;
  company: { id: string; name: string };
}

describe.each(TEST_DATABASES)("join requests on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), {
      name: "Quincaillerie Moderne",
      planType: "EXPANSION",
    });
    admin = await addMember(t, company, "admin");
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (token: string, companyId: string) =>
    t.inject({
      method: "POST",
      url: api("/company/requests/"),
      headers: authHeaders(token),
      payload: { company_id: companyId },
    });
  const list = (token: string) =>
    t.inject({ method: "GET", url: api("/company/requests/"), headers: authHeaders(token) });
  const acceptRequest = (token: string, id: string, payload?: object) =>
    t.inject({
      method: "POST",
      url: api(`/company/requests/${id}/accept/`),
      headers: authHeaders(token),
      ...(payload ? { payload } : {}),
    });
  const declineRequest = (token: string, id: string) =>
    t.inject({ method: "POST", url: api(`/company/requests/${id}/decline/`), headers: authHeaders(token) });
  const cancelRequest = (token: string, id: string) =>
    t.inject({ method: "DELETE", url: api(`/company/requests/${id}/`), headers: authHeaders(token) });

  it("creates a request, shows it to the requester and to the company's admins and managers only", async () => {
    const requester = await registerVerifiedUser(t, { firstName: "Paul" });
    const res = await ask(requester.access, company.id);
    expect(res.statusCode, res.body).toBe(201);
    const created = expectMatchesContract<RequestBody>(res, "companyRequestsCreate");
    expect(created).toMatchObject({
      user_id: requester.id,
      email: requester.email,
      first_name: "Paul",
      role: null,
      status: "pending",
      company: { id: company.id, name: "Quincaillerie Moderne" },
    });
    const own = expectMatchesContract<{ results: RequestBody[] }>(
      await list(requester.access),
      "companyRequestsList",
    );
    expect(own.results.map((r) => r.id)).toEqual([created.id]);
    const theirs = expectMatchesContract<{ count: number; results: RequestBody[] }>(
      await list(admin.access),
      "companyRequestsList",
    );
    expect(theirs.results.map((r) => r.id)).toContain(created.id);
    const manager = await addMember(t, company, "manager");
    expect((await list(manager.access)).statusCode).toBe(200);
    for (const role of ["moderator", "accoutant", "member"] as const) {
      const denied = await list((await addMember(t, company, role)).access);
      expect(denied.statusCode).toBe(403);
      expectMatchesContract(denied, "companyRequestsList");
    }
    const outsider = await createCompanyFor(t, await registerVerifiedUser(t));
    const foreign = expectMatchesContract<{ count: number }>(
      await list(outsider.owner.access),
      "companyRequestsList",
    );
    expect(foreign.count).toBe(0);

    const duplicate = await ask(requester.access, company.id);
    expect(duplicate.statusCode).toBe(400);
    expect(expectMatchesContract(duplicate, "companyRequestsCreate")).toEqual({
      detail: "Vous avez déjà une demande en attente pour cette entreprise.",
    });
  });

  it("refuses an unknown company, a caller with a company, an unconfirmed e-mail and anonymous callers", async () => {
    const requester = await registerVerifiedUser(t);
    const unknown = await ask(requester.access, "0e4b1f8c-8a11-4b9e-9a53-6f7d2c1a0b99");
    expect(unknown.statusCode).toBe(404);
    expectMatchesContract(unknown, "companyRequestsCreate");
    const member = await addMember(t, company, "member");
    const busy = await ask(member.access, company.id);
    expect(busy.statusCode).toBe(400);
    expectMatchesContract(busy, "companyRequestsCreate");
    const unconfirmed = await registerVerifiedUser(t, { emailConfirmed: false });
    const refused = await ask(unconfirmed.access, company.id);
    expect(refused.statusCode).toBe(403);
    expect(expectMatchesContract(refused, "companyRequestsCreate")).toEqual({
      detail: "Confirmez d'abord votre adresse e-mail.",
    });
    const anonymous = await t.inject({
      method: "POST",
      url: api("/company/requests/"),
      payload: { company_id: company.id },
    });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await ask(requester.access, "pas-un-uuid");
    expect(malformed.statusCode).toBe(400);
    expectMatchesContract(malformed, "companyRequestsCreate");
  });

  it("lets only the requester cancel their pending request", async () => {
    const requester = await registerVerifiedUser(t);
    const created = expectMatchesContract<RequestBody>(
      await ask(requester.access, company.id),
      "companyRequestsCreate",
    );
    const stranger = await registerVerifiedUser(t);
    const notYours = await cancelRequest(stranger.access, created.id);
    expect(notYours.statusCode).toBe(404);
    expectMatchesContract(notYours, "companyRequestsDelete");
    const adminTry = await cancelRequest(admin.access, created.id);
    expect(adminTry.statusCode).toBe(404);
    const res = await cancelRequest(requester.access, created.id);
    expect(res.statusCode).toBe(204);
    expectMatchesContract(res, "companyRequestsDelete");
    const twice = await cancelRequest(requester.access, created.id);
    expect(twice.statusCode).toBe(409);
    expect(expectMatchesContract(twice, "companyRequestsDelete")).toEqual({
      detail: "Cette demande n'est plus en attente.",
    });
    const accepted = await acceptRequest(admin.access, created.id);
    expect(accepted.statusCode).toBe(409);
  });

  it("accepts with a role (default member) and closes the requester's other requests", async () => {
    const elsewhere = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
    const requester = await registerVerifiedUser(t);
    const here = expectMatchesContract<RequestBody>(
      await ask(requester.access, company.id),
      "companyRequestsCreate",
    );
    const there = expectMatchesContract<RequestBody>(
      await ask(requester.access, elsewhere.id),
      "companyRequestsCreate",
    );
    const moderator = await addMember(t, company, "moderator");
    const denied = await acceptRequest(moderator.access, here.id, { role: "admin" });
    expect(denied.statusCode).toBe(403);
    expectMatchesContract(denied, "companyRequestsAccept");
    const cross = await acceptRequest(elsewhere.owner.access, here.id);
    expect(cross.statusCode).toBe(404);
    expectMatchesContract(cross, "companyRequestsAccept");

    const res = await acceptRequest(admin.access, here.id, { role: "accoutant" });
    expect(res.statusCode, res.body).toBe(200);
    expect(expectMatchesContract(res, "companyRequestsAccept")).toMatchObject({
      user_id: requester.id,
      role: "accoutant",
      is_owner: false,
    });
    const me = await t.inject({
      method: "GET",
      url: api("/company/"),
      headers: authHeaders(requester.access),
    });
    expect(me.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(joinRequests).where(eq(joinRequests.userId, requester.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.role]]))).toEqual({
      [here.id]: ["accepted", "accoutant"],
      [there.id]: ["cancelled", null],
    });
    const late = await acceptRequest(elsewhere.owner.access, there.id);
    expect(late.statusCode).toBe(409);
    expectMatchesContract(late, "companyRequestsAccept");

    const plain = await registerVerifiedUser(t);
    const request = expectMatchesContract<RequestBody>(
      await ask(plain.access, company.id),
      "companyRequestsCreate",
    );
    const byDefault = await acceptRequest(admin.access, request.id);
    expect(expectMatchesContract(byDefault, "companyRequestsAccept")).toMatchObject({ role: "member" });
  });

  it("answers 409 when the requester joined another company meanwhile, 400 when the plan is full", async () => {
    const requester = await registerVerifiedUser(t);
    const created = expectMatchesContract<RequestBody>(
      await ask(requester.access, company.id),
      "companyRequestsCreate",
    );
    const other = await createCompanyFor(t, await registerVerifiedUser(t));
    await t.ctx.db.insert(memberships).values({ companyId: other.id, userId: requester.id, role: "member" });
    const taken = await acceptRequest(admin.access, created.id);
    expect(taken.statusCode).toBe(409);
    expect(expectMatchesContract(taken, "companyRequestsAccept")).toEqual({
      detail: "Cette personne a déjà rejoint une entreprise.",
    });

    const small = await createCompanyFor(t, await registerVerifiedUser(t));
    const hopeful = await registerVerifiedUser(t);
    const waiting = expectMatchesContract<RequestBody>(
      await ask(hopeful.access, small.id),
      "companyRequestsCreate",
    );
    const full = await acceptRequest(small.owner.access, waiting.id);
    expect(full.statusCode).toBe(400);
    expect(expectMatchesContract(full, "companyRequestsAccept")).toEqual({
      detail: "Votre abonnement a atteint la limite de membres (1 membre).",
    });
    const stillPending = await t.ctx.db.select().from(joinRequests).where(eq(joinRequests.id, waiting.id));
    expect(stillPending[0]?.status).toBe("pending");
  });

  it("never overbooks the plan when the last seat is given twice at the same time", async () => {
    const growing = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    for (let i = 0; i < 3; i++) await addMember(t, growing, "member");
    const pending: RequestBody[] = [];
    for (let i = 0; i < 3; i++) {
      const requester = await registerVerifiedUser(t);
      pending.push(
        expectMatchesContract<RequestBody>(await ask(requester.access, growing.id), "companyRequestsCreate"),
      );
    }
    const answers = await Promise.all(pending.map((r) => acceptRequest(growing.owner.access, r.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const members = await t.ctx.db.select().from(memberships).where(eq(memberships.companyId, growing.id));
    expect(members).toHaveLength(5);
  });

  it("declines (admin or manager of that company), once", async () => {
    const requester = await registerVerifiedUser(t);
    const created = expectMatchesContract<RequestBody>(
      await ask(requester.access, company.id),
      "companyRequestsCreate",
    );
    const member = await addMember(t, company, "member");
    expect((await declineRequest(member.access, created.id)).statusCode).toBe(403);
    const manager = await addMember(t, company, "manager");
    const res = await declineRequest(manager.access, created.id);
    expect(res.statusCode).toBe(204);
    expectMatchesContract(res, "companyRequestsDecline");
    const twice = await declineRequest(manager.access, created.id);
    expect(twice.statusCode).toBe(409);
    expectMatchesContract(twice, "companyRequestsDecline");
    const own = expectMatchesContract<{ count: number }>(await list(requester.access), "companyRequestsList");
    expect(own.count).toBe(0);
  });
});
