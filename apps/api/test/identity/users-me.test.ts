import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, joinRequests } from "../../src/db/schema";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../helpers";
import { api, linkToken, loginByHttp } from "./support";

interface UserBody {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string | null;
  company: string | null;
  joined_at: string | null;
  email_confirmed: boolean;
  pending_email: string | null;
  company_invite: Record<string, unknown> | null;
  company_request: Record<string, unknown> | null;
}

describe.each(TEST_DATABASES)("/users/me/ on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: { access: string }) => {
    const res = await t.inject({ method: "GET", url: api("/users/me/"), headers: authHeaders(user.access) });
    expect(res.statusCode, res.body).toBe(200);
    return expectMatchesContract<UserBody>(res, "usersMeGet");
  };
  const patch = (user: { access: string }, payload: Record<string, unknown>) =>
    t.inject({ method: "PATCH", url: api("/users/me/"), headers: authHeaders(user.access), payload });
  const remove = (user: { access: string }, payload: Record<string, unknown>) =>
    t.inject({ method: "DELETE", url: api("/users/me/"), headers: authHeaders(user.access), payload });

  describe("GET", () => {
    it("describes a user without company", async () => {
      const user = await registerVerifiedUser(t, { firstName: "Paul", lastName: "Durand" });
      expect(await get(user)).toEqual({
        id: user.id,
        first_name: "Paul",
        last_name: "Durand",
        email: user.email,
        role: null,
        company: null,
        email_confirmed: true,
        joined_at: null,
        company_invite: null,
        company_request: null,
        pending_email: null,
        email_alerts: "negative",
      });
    });

    it("gives the company, the role and the joining date of a member", async () => {
      const owner = await registerVerifiedUser(t);
      const company = await createCompanyFor(t, owner);
      expect(await get(owner)).toMatchObject({ company: company.id, role: "owner" });
      const moderator = await addMember(t, company, "moderator");
      const body = await get(moderator);
      expect(body).toMatchObject({ company: company.id, role: "moderator" });
      expect(Number.isNaN(Date.parse(body.joined_at ?? ""))).toBe(false);
    });

    it("shows a pending invitation to the user's address and the user's pending join request", async () => {
      const owner = await registerVerifiedUser(t, { firstName: "Inès", lastName: "Bernard" });
      const company = await createCompanyFor(t, owner, { name: "Maison Lumière" });
      const invited = await registerVerifiedUser(t);
      await t.ctx.db.insert(invitations).values({
        companyId: company.id,
        email: invited.email,
        role: "manager",
        tokenHash: randomBytes(16).toString("hex"),
        inviterId: owner.id,
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      });
      expect((await get(invited)).company_invite).toMatchObject({
        email: invited.email,
        role: "manager",
        company: { id: company.id, name: "Maison Lumière" },
        inviter_first_name: "Inès",
        inviter_last_name: "Bernard",
        status: "pending",
      });

      const applicant = await registerVerifiedUser(t, { firstName: "Léa" });
      await t.ctx.db.insert(joinRequests).values({ companyId: company.id, userId: applicant.id });
      expect((await get(applicant)).company_request).toMatchObject({
        user_id: applicant.id,
        first_name: "Léa",
        email: applicant.email,
        role: null,
        company: { id: company.id, name: "Maison Lumière" },
        status: "pending",
      });
    });

    it("ignores expired or answered invitations", async () => {
      const owner = await registerVerifiedUser(t);
      const company = await createCompanyFor(t, owner);
      const invited = await registerVerifiedUser(t);
      await t.ctx.db.insert(invitations).values([
        {
          companyId: company.id,
          email: invited.email,
          role: "admin",
          tokenHash: randomBytes(16).toString("hex"),
          expiresAt: new Date(Date.now() - 1000),
        },
        {
          companyId: company.id,
          email: invited.email,
          role: "admin",
          tokenHash: randomBytes(16).toString("hex"),
          status: "declined",
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      ]);
      expect((await get(invited)).company_invite).toBeNull();
    });
  });

  describe("PATCH profile", () => {
    it("updates names (trimmed) and answers the user", async () => {
      const user = await registerVerifiedUser(t);
      const res = await patch(user, { first_name: "  Camille ", last_name: "Dupont" });
      expect(res.statusCode).toBe(200);
      expect(expectMatchesContract(res, "usersMeUpdate")).toMatchObject({
        first_name: "Camille",
        last_name: "Dupont",
      });
      expect(await get(user)).toMatchObject({ first_name: "Camille", last_name: "Dupont" });
    });

    it("answers French field errors", async () => {
      const user = await registerVerifiedUser(t);
      const blank = await patch(user, { first_name: "   " });
      expect(blank.statusCode).toBe(400);
      expect(expectMatchesContract(blank, "usersMeUpdate")).toEqual({
        first_name: ["Ce champ ne peut être vide."],
      });
      const empty = await patch(user, { last_name: "" });
      expect(empty.json()).toEqual({ last_name: ["Ce champ ne peut être vide."] });
      const badEmail = await patch(user, { email: "pas-un-email" });
      expect(badEmail.json()).toEqual({ email: ["Saisissez une adresse e-mail valide."] });
      const unknown = await patch(user, { age: 3 });
      expect(unknown.json()).toEqual({ age: ["Champ inconnu."] });
    });
  });

  describe("e-mail change", () => {
    async function startChange(user: TestUser, newEmail: string) {
      const res = await patch(user, { email: newEmail.toUpperCase() });
      expect(res.statusCode, res.body).toBe(200);
      const body = expectMatchesContract<UserBody>(res, "usersMeUpdate");
      expect(body.email).toBe(user.email);
      expect(body.pending_email).toBe(newEmail);
      const confirmation = await t.smtp.waitForMail((m) => m.to.includes(newEmail));
      return linkToken(confirmation, "/confirm-email-change");
    }
    const confirm = (token: string) =>
      t.inject({ method: "POST", url: api("/auth/change-email/confirm/"), payload: { token } });

    it("mails a link to the new address and a notice to the old one; the link applies the change once", async () => {
      const user = await registerVerifiedUser(t);
      const newEmail = uniqueEmail("nouvelle");
      const token = await startChange(user, newEmail);
      const notice = await t.smtp.waitForMail(
        (m) => m.to.includes(user.email) && m.subject.includes("changement d'adresse"),
      );
      expect(notice.text).toContain(newEmail);
      expect(notice.links.some((l) => l.includes("confirm-email-change"))).toBe(false);
      expect((await get(user)).pending_email).toBe(newEmail);

      const res = await confirm(token);
      expect(res.statusCode).toBe(204);
      expectMatchesContract(res, "authChangeEmailConfirm");
      expect(await get(user)).toMatchObject({ email: newEmail, pending_email: null, email_confirmed: true });
      expect((await loginByHttp(t, newEmail, user.password)).statusCode).toBe(200);
      expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(400);

      const again = await confirm(token);
      expect(again.statusCode).toBe(400);
      expect(expectMatchesContract(again, "authChangeEmailConfirm")).toEqual({
        token: ["Le lien de confirmation est invalide ou a expiré."],
      });
    });

    it("refuses an address used by another account", async () => {
      const user = await registerVerifiedUser(t);
      const other = await registerVerifiedUser(t);
      const res = await patch(user, { email: other.email });
      expect(res.statusCode).toBe(400);
      expect(expectMatchesContract(res, "usersMeUpdate")).toEqual({
        email: ["Un utilisateur avec cette adresse e-mail existe déjà."],
      });
    });

    it("refuses the link when the address was taken in the meantime", async () => {
      const user = await registerVerifiedUser(t);
      const wanted = uniqueEmail("convoitee");
      const token = await startChange(user, wanted);
      await registerVerifiedUser(t, { email: wanted });
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(expectMatchesContract(res, "authChangeEmailConfirm")).toEqual({
        detail: "Un utilisateur avec cette adresse e-mail existe déjà.",
      });
    });

    it("keeps only the newest requested address", async () => {
      const user = await registerVerifiedUser(t);
      const first = await startChange(user, uniqueEmail("premiere"));
      const secondEmail = uniqueEmail("seconde");
      const second = await startChange(user, secondEmail);
      expect((await confirm(first)).statusCode).toBe(400);
      expect((await confirm(second)).statusCode).toBe(204);
      expect((await get(user)).email).toBe(secondEmail);
    });
  });

  describe("PATCH password", () => {
    it("needs the right current password", async () => {
      const user = await registerVerifiedUser(t);
      const res = await patch(user, { current_password: "pas-le-bon", password: "nouveau-secret" });
      expect(res.statusCode).toBe(400);
      expect(expectMatchesContract(res, "usersMeUpdate")).toEqual({
        current_password: ["Le mot de passe actuel est incorrect."],
      });
      const short = await patch(user, { current_password: user.password, password: "court" });
      expect(short.json()).toEqual({
        password: ["Assurez-vous que ce champ comporte au moins 8 caractères."],
      });
      const missing = await patch(user, { password: "nouveau-secret" });
      expect(missing.json()).toEqual({ current_password: ["Ce champ est obligatoire."] });
    });

    it("changes it, answers a fresh pair and signs the other sessions out", async () => {
      const user = await registerVerifiedUser(t);
      const otherSession = (await loginByHttp(t, user.email, user.password)).json();
      const res = await patch(user, { current_password: user.password, password: "nouveau-secret" });
      expect(res.statusCode).toBe(200);
      const tokens = expectMatchesContract<{ access: string; refresh: string }>(res, "usersMeUpdate");
      expect(Object.keys(tokens).sort()).toEqual(["access", "refresh"]);

      for (const old of [user.refresh, otherSession.refresh]) {
        const r = await t.inject({ method: "POST", url: api("/auth/refresh/"), payload: { refresh: old } });
        expect(r.statusCode).toBe(401);
      }
      const fresh = await t.inject({
        method: "POST",
        url: api("/auth/refresh/"),
        payload: { refresh: tokens.refresh },
      });
      expect(fresh.statusCode).toBe(200);
      expect((await loginByHttp(t, user.email, "nouveau-secret")).statusCode).toBe(200);
      expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(400);
      await t.smtp.waitForMail((m) => m.to.includes(user.email) && m.subject.includes("a été modifié"));
    });
  });

  describe("password guesses of a signed-in session", () => {
    it("count with the sign-in attempts: past 10 wrong ones, even the right password waits (429)", async () => {
      const user = await registerVerifiedUser(t);
      for (let i = 0; i < 5; i++) {
        expect(
          (await patch(user, { current_password: `faux-${i}`, password: "nouveau-secret" })).statusCode,
        ).toBe(400);
        expect((await remove(user, { password: `faux-${i}` })).statusCode).toBe(400);
      }
      const locked = await patch(user, { current_password: user.password, password: "nouveau-secret" });
      expect(locked.statusCode).toBe(429);
      expect(expectMatchesContract(locked, "usersMeUpdate")).toEqual({
        detail: "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.",
      });
      const deletion = await remove(user, { password: user.password });
      expect(deletion.statusCode).toBe(429);
      expectMatchesContract(deletion, "usersMeDelete");
      // The same counter as the login form: the address is locked there too.
      expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(429);
    });

    it("are forgotten once the right password is given", async () => {
      const user = await registerVerifiedUser(t);
      for (let i = 0; i < 9; i++) await remove(user, { password: "faux" });
      const changed = await patch(user, { current_password: user.password, password: "nouveau-secret" });
      expect(changed.statusCode).toBe(200);
      for (let i = 0; i < 9; i++) await loginByHttp(t, user.email, "faux");
      expect((await loginByHttp(t, user.email, "nouveau-secret")).statusCode).toBe(200);
    });
  });

  describe("DELETE", () => {
    it("needs the password, then deletes the account", async () => {
      const user = await registerVerifiedUser(t);
      const wrong = await remove(user, { password: "pas-le-bon" });
      expect(wrong.statusCode).toBe(400);
      expect(expectMatchesContract(wrong, "usersMeDelete")).toEqual({
        password: ["Mot de passe incorrect."],
      });
      const missing = await remove(user, {});
      expect(expectMatchesContract(missing, "usersMeDelete")).toEqual({
        password: ["Ce champ est obligatoire."],
      });

      const res = await remove(user, { password: user.password });
      expect(res.statusCode).toBe(204);
      expectMatchesContract(res, "usersMeDelete");
      const after = await t.inject({
        method: "GET",
        url: api("/users/me/"),
        headers: authHeaders(user.access),
      });
      expect(after.statusCode).toBe(401);
      expectMatchesContract(after, "usersMeGet");
      expect((await loginByHttp(t, user.email, user.password)).statusCode).toBe(400);
    });

    it("lets a member leave by deleting the account, but not the owner", async () => {
      const owner = await registerVerifiedUser(t);
      const company = await createCompanyFor(t, owner);
      const member = await addMember(t, company, "member");
      expect((await remove(member, { password: member.password })).statusCode).toBe(204);
      const res = await remove(owner, { password: owner.password });
      expect(res.statusCode).toBe(400);
      expect(expectMatchesContract(res, "usersMeDelete")).toEqual({
        detail: "Vous êtes propriétaire d'une entreprise : supprimez-la avant de supprimer votre compte.",
      });
    });
  });

  it("needs a signed-in user", async () => {
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const res = await t.inject({
        method,
        url: api("/users/me/"),
        payload: method === "GET" ? undefined : {},
      });
      expect(res.statusCode).toBe(401);
      expectMatchesContract(
        res,
        method === "GET" ? "usersMeGet" : method === "PATCH" ? "usersMeUpdate" : "usersMeDelete",
      );
    }
  });
});
