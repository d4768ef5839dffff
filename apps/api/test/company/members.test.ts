import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
const FORBIDDEN = "Vous n'avez pas la permission d'effectuer cette action.";

interface MemberBody {
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  role: string;
  is_owner: boolean;
  joined_at: string;
}

describe.each(TEST_DATABASES)("members on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let other: TestCompany;
  const people: Record<string, TestUser> = {};

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t, { firstName: "Olivia" }), {
      planType: "EXPANSION",
    });
    other = await createCompanyFor(t, await registerVerifiedUser(t));
    for (const role of ["admin", "manager", "moderator", "accoutant", "member"] as const) {
      people[role] = await addMember(t, company, role);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (token: string, query = "") => {
    const res = await t.inject({
      method: "GET",
      url: api(`/company/members/${query}`),
      headers: authHeaders(token),
    });
    return expectMatchesContract<{ count: number; next: string | null; results: MemberBody[] }>(
      res,
      "companyMembersList",
    );
  };
  const membershipOf = async (user: TestUser) => {
    const page = await list(company.owner.access, "?limit=100");
    const found = page.results.find((m) => m.user_id === user.id);
    if (!found) throw new Error(`${user.email} is not a member`);
    return found;
  };
  const patchRole = (token: string, id: string, role: string) =>
    t.inject({
      method: "PATCH",
      url: api(`/company/members/${id}/`),
      headers: authHeaders(token),
      payload: { role },
    });
  const remove = (token: string, id: string) =>
    t.inject({ method: "DELETE", url: api(`/company/members/${id}/`), headers: authHeaders(token) });

  it("lists the members, owner first, to every member; never another company's", async () => {
    for (const token of [company.owner.access, people.member?.access ?? ""]) {
      const page = await list(token);
      expect(page.count).toBe(6);
      expect(page.results[0]).toMatchObject({ user_id: company.owner.id, role: "owner", is_owner: true });
      expect(page.results.slice(1).every((m) => !m.is_owner)).toBe(true);
      expect(page.results.map((m) => m.user_id)).not.toContain(other.owner.id);
    }
    const first = await list(company.owner.access, "?limit=2");
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain("offset=2");
    const theirs = await list(other.owner.access);
    expect(theirs.results.map((m) => m.user_id)).toEqual([other.owner.id]);
  });

  it("changes a role (admin or manager; to member, moderator or admin)", async () => {
    const target = await membershipOf(people.member as TestUser);
    const res = await patchRole(people.admin?.access ?? "", target.id, "moderator");
    expect(res.statusCode, res.body).toBe(200);
    expect(expectMatchesContract(res, "companyMembersUpdate")).toMatchObject({
      id: target.id,
      role: "moderator",
      is_owner: false,
    });
    const back = await patchRole(people.manager?.access ?? "", target.id, "MEMBER".toLowerCase());
    expect(expectMatchesContract(back, "companyMembersUpdate")).toMatchObject({ role: "member" });

    const notOffered = await patchRole(people.admin?.access ?? "", target.id, "manager");
    expect(notOffered.statusCode).toBe(400);
    expect(expectMatchesContract(notOffered, "companyMembersUpdate")).toEqual({
      role: ["Choisissez le rôle Membre, Modérateur ou Administrateur."],
    });
    const owner = await membershipOf(company.owner);
    const ownerChange = await patchRole(people.admin?.access ?? "", owner.id, "member");
    expect(ownerChange.statusCode).toBe(403);
    expect(expectMatchesContract(ownerChange, "companyMembersUpdate")).toEqual({
      detail: "Le rôle du propriétaire ne peut pas être modifié.",
    });
    const admin = await membershipOf(people.admin as TestUser);
    const self = await patchRole(people.admin?.access ?? "", admin.id, "member");
    expect(expectMatchesContract(self, "companyMembersUpdate")).toEqual({
      detail: "Vous ne pouvez pas modifier votre propre rôle.",
    });
    for (const role of ["moderator", "accoutant", "member"] as const) {
      const denied = await patchRole(people[role]?.access ?? "", target.id, "admin");
      expect(denied.statusCode).toBe(403);
      expect(expectMatchesContract(denied, "companyMembersUpdate")).toEqual({ detail: FORBIDDEN });
    }
    const notOwner = await patchRole(people.admin?.access ?? "", target.id, "owner");
    expect(notOwner.statusCode).toBe(400);
    expectMatchesContract(notOwner, "companyMembersUpdate");
  });

  it("answers 404 for another company's member and for an unknown id, 400 for a malformed id", async () => {
    const foreign = (await list(other.owner.access)).results[0] as MemberBody;
    const cross = await patchRole(people.admin?.access ?? "", foreign.id, "member");
    expect(cross.statusCode).toBe(404);
    expect(expectMatchesContract(cross, "companyMembersUpdate")).toEqual({ detail: "Introuvable." });
    const crossDelete = await remove(company.owner.access, foreign.id);
    expect(crossDelete.statusCode).toBe(404);
    expectMatchesContract(crossDelete, "companyMembersDelete");
    const unknown = await remove(company.owner.access, "5f0c7c1e-0b8a-4c43-9d8e-3f1f6b0e8a11");
    expect(unknown.statusCode).toBe(404);
    const malformed = await remove(company.owner.access, "not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expectMatchesContract(malformed, "companyMembersDelete");
    expect((await list(other.owner.access)).count).toBe(1);
  });

  it("removes a member (admin or manager), lets anyone leave, and never removes the owner", async () => {
    const leaving = await addMember(t, company, "accoutant");
    const removed = await addMember(t, company, "member");
    const bystander = await addMember(t, company, "member");

    const denied = await remove(bystander.access, (await membershipOf(removed)).id);
    expect(denied.statusCode).toBe(403);
    expect(expectMatchesContract(denied, "companyMembersDelete")).toEqual({ detail: FORBIDDEN });

    const kicked = await remove(people.manager?.access ?? "", (await membershipOf(removed)).id);
    expect(kicked.statusCode).toBe(204);
    expectMatchesContract(kicked, "companyMembersDelete");
    const noCompany = await t.inject({
      method: "GET",
      url: api("/company/"),
      headers: authHeaders(removed.access),
    });
    expect(noCompany.statusCode).toBe(403);
    expect(noCompany.json()).toEqual({ detail: "Vous n'appartenez à aucune entreprise." });

    const left = await remove(leaving.access, (await membershipOf(leaving)).id);
    expect(left.statusCode).toBe(204);
    const membersNow = (await list(company.owner.access, "?limit=100")).results.map((m) => m.user_id);
    expect(membersNow).not.toContain(leaving.id);
    expect(membersNow).not.toContain(removed.id);
    expect(membersNow).toContain(bystander.id);

    const owner = await membershipOf(company.owner);
    for (const token of [company.owner.access, people.admin?.access ?? ""]) {
      const refused = await remove(token, owner.id);
      expect(refused.statusCode).toBe(403);
      expect(expectMatchesContract<{ detail: string }>(refused, "companyMembersDelete").detail).toMatch(
        /^Le propriétaire ne peut pas quitter l'entreprise/,
      );
    }
  });
});
