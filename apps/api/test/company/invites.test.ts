import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, memberships } from "../../src/db/schema";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  type ReceivedMail,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
  uniqueEmail,
} from "../helpers";

const api = (path: string) => `/api/v1${path}`;

interface InvitationBody {
  id: string;
  email: string;
  role: string;
  status: string;
  company: { id: string; name: string };
  inviter_first_name: string;
  inviter_last_name: string;
  expires_at: string;
  created_at: string;
}

interface UserBody {
  id: string;
  company: string | null;
  role: string | null;
  joined_at: string | null;
}

function codeOf(mail: ReceivedMail): string {
  const match = /code d'invitation : (\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in: ${mail.text}`);
  return match[1];
}

describe.each(TEST_DATABASES)("invitations on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(
      t,
      await registerVerifiedUser(t, { firstName: "Olivia", lastName: "Roux" }),
      { name: "Maison Lumière", planType: "EXPANSION" },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (token: string, payload: object) =>
    t.inject({ method: "POST", url: api("/company/invites/"), headers: authHeaders(token), payload });
  const listInvites = async (token: string) =>
    expectMatchesContract<{ count: number; results: InvitationBody[] }>(
      await t.inject({ method: "GET", url: api("/company/invites/"), headers: authHeaders(token) }),
      "companyInvitesList",
    );
  const accept = (token: string, idOrCode: string) =>
    t.inject({
      method: "POST",
      url: api(`/company/invites/${encodeURIComponent(idOrCode)}/accept/`),
      headers: authHeaders(token),
    });
  const decline = (token: string, id: string) =>
    t.inject({ method: "POST", url: api(`/company/invites/${id}/decline/`), headers: authHeaders(token) });
  const cancel = (token: string, id: string) =>
    t.inject({ method: "DELETE", url: api(`/company/invites/${id}/`), headers: authHeaders(token) });

  it("e-mails an invitation with a code and a link to /register for someone without an account", async () => {
    const email = uniqueEmail("nouveau");
    const res = await invite(company.owner.access, { email: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    const body = expectMatchesContract<InvitationBody>(res, "companyInvitesCreate");
    expect(body).toMatchObject({
      email,
      role: "moderator",
      status: "pending",
      company: { id: company.id, name: "Maison Lumière" },
      inviter_first_name: "Olivia",
      inviter_last_name: "Roux",
    });
    expect(new Date(body.expires_at).getTime() - new Date(body.created_at).getTime()).toBe(
      7 * 24 * 3600 * 1000,
    );
    const mail = await t.smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toBe("Invitation à rejoindre Maison Lumière sur Certavis");
    expect(mail.text).toContain(
      "Olivia Roux vous invite à rejoindre Maison Lumière sur Certavis avec le rôle Modérateur.",
    );
    expect(mail.links).toContain(`${t.publicUrl}/register`);
    expect(mail.html).toContain(`href="${t.publicUrl}/register"`);
    expect(codeOf(mail).length).toBeGreaterThanOrEqual(22);
    const stored = await t.ctx.db.select().from(invitations).where(eq(invitations.id, body.id));
    expect(stored[0]?.tokenHash).not.toContain(codeOf(mail));

    // Registering with the invited address, the new user joins with the code before confirming the e-mail.
    const newcomer = await registerVerifiedUser(t, { email, emailConfirmed: false });
    const joined = await accept(newcomer.access, codeOf(mail));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(expectMatchesContract<UserBody>(joined, "companyInvitesAccept")).toMatchObject({
      id: newcomer.id,
      company: company.id,
      role: "moderator",
    });
    const again = await accept(newcomer.access, codeOf(mail));
    expect(again.statusCode).toBe(400);
    expectMatchesContract(again, "companyInvitesAccept");
    const someoneElse = await registerVerifiedUser(t);
    const reused = await accept(someoneElse.access, codeOf(mail));
    expect(reused.statusCode).toBe(409);
    expect(expectMatchesContract(reused, "companyInvitesAccept")).toEqual({
      detail: "Cette invitation n'est plus en attente.",
    });
  });

  it("links an existing account to /company-setup, lists it there, and accepts by id once the e-mail is confirmed", async () => {
    const existing = await registerVerifiedUser(t, { emailConfirmed: false });
    const res = await invite(company.owner.access, { email: existing.email, role: "accoutant" });
    const created = expectMatchesContract<InvitationBody>(res, "companyInvitesCreate");
    const mail = await t.smtp.waitForMail((m) => m.to.includes(existing.email));
    expect(mail.links).toContain(`${t.publicUrl}/company-setup`);
    expect(mail.text).toContain("avec le rôle Comptable.");

    // Unconfirmed: nothing is listed and the id alone is not enough (anyone can type an address).
    expect((await listInvites(existing.access)).count).toBe(0);
    const unconfirmed = await accept(existing.access, created.id);
    expect(unconfirmed.statusCode).toBe(400);
    expect(expectMatchesContract<{ detail: string }>(unconfirmed, "companyInvitesAccept").detail).toMatch(
      /^Confirmez votre adresse e-mail/,
    );
    const confirmed = await registerVerifiedUser(t);
    const second = expectMatchesContract<InvitationBody>(
      await invite(company.owner.access, { email: confirmed.email, role: "admin" }),
      "companyInvitesCreate",
    );
    const received = await listInvites(confirmed.access);
    expect(received.results.map((i) => i.id)).toEqual([second.id]);
    expect(received.results[0]).toMatchObject({ company: { name: "Maison Lumière" }, role: "admin" });

    const wrongPerson = await accept(existing.access, second.id);
    expect(wrongPerson.statusCode).toBe(404);
    expectMatchesContract(wrongPerson, "companyInvitesAccept");
    const ok = await accept(confirmed.access, second.id);
    expect(expectMatchesContract<UserBody>(ok, "companyInvitesAccept")).toMatchObject({
      company: company.id,
      role: "admin",
    });
  });

  it("lists a company's pending invitations to its members, newest first", async () => {
    const member = await addMember(t, company, "member");
    const page = await listInvites(member.access);
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((i) => i.status === "pending" && i.company.id === company.id)).toBe(true);
    const dates = page.results.map((i) => i.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const outsider = await createCompanyFor(t, await registerVerifiedUser(t));
    expect((await listInvites(outsider.owner.access)).count).toBe(0);
  });

  it("refuses a member, a pending duplicate, an invalid e-mail, and roles without members.invite", async () => {
    const member = await addMember(t, company, "member");
    const already = await invite(company.owner.access, { email: member.email.toUpperCase() });
    expect(already.statusCode).toBe(400);
    expect(expectMatchesContract(already, "companyInvitesCreate")).toEqual({
      email: ["Cette personne est déjà membre de l'entreprise."],
    });
    const moderator = await addMember(t, company, "moderator");
    const email = uniqueEmail("double");
    expect((await invite(moderator.access, { email })).statusCode).toBe(201);
    const duplicate = await invite(moderator.access, { email });
    expect(expectMatchesContract(duplicate, "companyInvitesCreate")).toEqual({
      email: ["Une invitation est déjà en attente pour cet e-mail."],
    });
    const invalid = await invite(company.owner.access, { email: "pas-un-email" });
    expect(invalid.statusCode).toBe(400);
    expectMatchesContract(invalid, "companyInvitesCreate");
    const owner = await invite(company.owner.access, { email: uniqueEmail(), role: "owner" });
    expect(owner.statusCode).toBe(400);
    for (const role of ["manager", "accoutant", "member"] as const) {
      const user = await addMember(t, company, role);
      const denied = await invite(user.access, { email: uniqueEmail() });
      expect(denied.statusCode).toBe(403);
      expectMatchesContract(denied, "companyInvitesCreate");
    }
  });

  it("cancels (admin or manager of that company only), then the invitation can no longer be used", async () => {
    const email = uniqueEmail("annule");
    const created = expectMatchesContract<InvitationBody>(
      await invite(company.owner.access, { email }),
      "companyInvitesCreate",
    );
    const mail = await t.smtp.waitForMail((m) => m.to.includes(email));
    const moderator = await addMember(t, company, "moderator");
    const denied = await cancel(moderator.access, created.id);
    expect(denied.statusCode).toBe(403);
    const outsider = await createCompanyFor(t, await registerVerifiedUser(t));
    const cross = await cancel(outsider.owner.access, created.id);
    expect(cross.statusCode).toBe(404);
    expectMatchesContract(cross, "companyInvitesDelete");
    const manager = await addMember(t, company, "manager");
    const res = await cancel(manager.access, created.id);
    expect(res.statusCode).toBe(204);
    expectMatchesContract(res, "companyInvitesDelete");
    const twice = await cancel(manager.access, created.id);
    expect(twice.statusCode).toBe(409);
    expectMatchesContract(twice, "companyInvitesDelete");
    const late = await accept((await registerVerifiedUser(t, { email })).access, codeOf(mail));
    expect(late.statusCode).toBe(409);
  });

  it("lets the invited user decline; expired invitations cannot be accepted", async () => {
    const invited = await registerVerifiedUser(t);
    const created = expectMatchesContract<InvitationBody>(
      await invite(company.owner.access, { email: invited.email }),
      "companyInvitesCreate",
    );
    const stranger = await registerVerifiedUser(t);
    const notYours = await decline(stranger.access, created.id);
    expect(notYours.statusCode).toBe(404);
    expectMatchesContract(notYours, "companyInvitesDecline");
    const res = await decline(invited.access, created.id);
    expect(res.statusCode).toBe(204);
    expectMatchesContract(res, "companyInvitesDecline");
    const again = await decline(invited.access, created.id);
    expect(again.statusCode).toBe(409);
    expectMatchesContract(again, "companyInvitesDecline");
    expect((await accept(invited.access, created.id)).statusCode).toBe(409);

    const expiring = expectMatchesContract<InvitationBody>(
      await invite(company.owner.access, { email: stranger.email }),
      "companyInvitesCreate",
    );
    await t.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expiring.id));
    expect((await listInvites(stranger.access)).count).toBe(0);
    const expired = await accept(stranger.access, expiring.id);
    expect(expired.statusCode).toBe(409);
    expect(expectMatchesContract(expired, "companyInvitesAccept")).toEqual({
      detail: "Cette invitation a expiré. Demandez-en une nouvelle.",
    });
    const unknown = await accept(stranger.access, "code-inconnu");
    expect(unknown.statusCode).toBe(404);
    expectMatchesContract(unknown, "companyInvitesAccept");
  });

  it("holds the plan's member limit: pending invitations take a seat, acceptance re-checks it", async () => {
    const small = await createCompanyFor(t, await registerVerifiedUser(t));
    const refused = await invite(small.owner.access, { email: uniqueEmail() });
    expect(refused.statusCode).toBe(400);
    expect(expectMatchesContract(refused, "companyInvitesCreate")).toEqual({
      detail: "Votre abonnement a atteint la limite de membres (1 membre).",
    });

    const growing = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    for (let i = 0; i < 3; i++) await addMember(t, growing, "member");
    const last = await registerVerifiedUser(t);
    const seat = expectMatchesContract<InvitationBody>(
      await invite(growing.owner.access, { email: last.email }),
      "companyInvitesCreate",
    );
    const full = await invite(growing.owner.access, { email: uniqueEmail() });
    expect(expectMatchesContract(full, "companyInvitesCreate")).toEqual({
      detail: "Votre abonnement a atteint la limite de membres (5 membres).",
    });
    // A member added meanwhile (e.g. a join request) takes the last seat: the invitation waits.
    await addMember(t, growing, "member");
    const noRoom = await accept(last.access, seat.id);
    expect(noRoom.statusCode).toBe(400);
    expect(expectMatchesContract(noRoom, "companyInvitesAccept")).toEqual({
      detail: "Votre abonnement a atteint la limite de membres (5 membres).",
    });
    const rows = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, last.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses callers with a company and anonymous callers", async () => {
    const invited = await registerVerifiedUser(t);
    const created = expectMatchesContract<InvitationBody>(
      await invite(company.owner.access, { email: invited.email }),
      "companyInvitesCreate",
    );
    await createCompanyFor(t, invited);
    const busy = await accept(invited.access, created.id);
    expect(busy.statusCode).toBe(400);
    expect(expectMatchesContract<{ detail: string }>(busy, "companyInvitesAccept").detail).toMatch(
      /^Vous appartenez déjà à une entreprise/,
    );
    const anonymous = await t.inject({ method: "POST", url: api(`/company/invites/${created.id}/accept/`) });
    expect(anonymous.statusCode).toBe(401);
    expectMatchesContract(anonymous, "companyInvitesAccept");
    const anonymousList = await t.inject({ method: "GET", url: api("/company/invites/") });
    expect(anonymousList.statusCode).toBe(401);
  });
});
