import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PLANS } from "@certavis/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  emailDeliveries,
  emailTemplates,
  forms,
  joinRequests,
  orders,
  products,
  reviews,
} from "../../src/db/schema";
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
} from "../helpers";
import { multipartBody } from "../pipeline/multipart";

const api = (path: string) => `/api/v1${path}`;
const NO_COMPANY = "Vous n'appartenez à aucune entreprise.";
const FORBIDDEN = "Vous n'avez pas la permission d'effectuer cette action.";
/** Wednesday 11 March 2026, 15:00 UTC: the 7-day window is Thursday 5 → Wednesday 11. */
const NOW = new Date("2026-03-11T15:00:00Z");

interface CompanyBody {
  id: string;
  name: string;
  website: string | null;
  logo: string | null;
  api_key: string | null;
  api_key_expires_at: string | null;
  created_by: string | null;
  mean_note: number | null;
  total_reviews: number;
  recent_reviews: Array<{ id: string; created_at: string; status: string }>;
  reviews_last_7_days: Record<string, number>;
  orders_last_7_days: Record<string, number>;
  email_quota_used: number;
  email_quota_limit: number | null;
  email_quota_period_start: string;
  subscription_limits: Record<string, unknown>;
  subscription: { type: string; status: string };
  members_count: number;
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: "#10b981" } })
    .png()
    .toBuffer();
}

describe.each(TEST_DATABASES)("company on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => new Date(NOW) });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function getCompany(token: string) {
    return t.inject({ method: "GET", url: api("/company/"), headers: authHeaders(token) });
  }

  describe("POST /company/", () => {
    it("makes the creator owner, with default templates and form, and closes their pending requests", async () => {
      const other = await createCompanyFor(t, await registerVerifiedUser(t));
      const user = await registerVerifiedUser(t);
      await t.ctx.db.insert(joinRequests).values({ companyId: other.id, userId: user.id });
      const res = await t.inject({
        method: "POST",
        url: api("/company/"),
        headers: authHeaders(user.access),
        payload: { name: "  Maison Lumière ", website: "maison-lumiere.fr" },
      });
      expect(res.statusCode, res.body).toBe(201);
      const company = expectMatchesContract<CompanyBody>(res, "companyCreate");
      expect(company).toMatchObject({
        name: "Maison Lumière",
        website: "maison-lumiere.fr",
        logo: null,
        created_by: user.id,
        members_count: 1,
        total_reviews: 0,
        mean_note: null,
        subscription: { type: "LANCEMENT", status: "active" },
        subscription_limits: PLANS.LANCEMENT.limits,
        email_quota_used: 0,
        email_quota_limit: 40,
      });
      expect(company.api_key).toMatch(/^cvk_/);
      const templates = await t.ctx.db
        .select({ type: emailTemplates.type, isDefault: emailTemplates.isDefault })
        .from(emailTemplates)
        .where(eq(emailTemplates.companyId, company.id));
      expect(templates.map((x) => x.type).sort()).toEqual(["reminder", "request", "thanks"]);
      expect(templates.every((x) => x.isDefault)).toBe(true);
      const defaultForms = await t.ctx.db.select().from(forms).where(eq(forms.companyId, company.id));
      expect(defaultForms).toHaveLength(1);
      const requests = await t.ctx.db.select().from(joinRequests).where(eq(joinRequests.userId, user.id));
      expect(requests.map((r) => r.status)).toEqual(["cancelled"]);

      const again = await t.inject({
        method: "POST",
        url: api("/company/"),
        headers: authHeaders(user.access),
        payload: { name: "Deuxième" },
      });
      expect(again.statusCode).toBe(400);
      expect(expectMatchesContract<{ detail: string }>(again, "companyCreate").detail).toMatch(
        /^Vous appartenez déjà à une entreprise/,
      );
    });

    it("an unconfirmed account sends no e-mail through us: no company, invitation nor test e-mail (403)", async () => {
      const confirmFirst = { detail: "Confirmez d'abord votre adresse e-mail." };
      const user = await registerVerifiedUser(t, { emailConfirmed: false });
      const post = (path: string, payload: object, token = user.access) =>
        t.inject({ method: "POST", url: api(path), headers: authHeaders(token), payload });

      const created = await post("/company/", { name: "Hameçon" });
      expect(created.statusCode).toBe(403);
      expect(expectMatchesContract(created, "companyCreate")).toEqual(confirmFirst);

      // An owner whose address is no longer confirmed (an account from before this rule).
      const owned = await createCompanyFor(t, await registerVerifiedUser(t, { emailConfirmed: false }));
      const invited = await post(
        "/company/invites/",
        { email: "cible@exemple.test", role: "moderator" },
        owned.owner.access,
      );
      expect(invited.statusCode).toBe(403);
      expect(expectMatchesContract(invited, "companyInvitesCreate")).toEqual(confirmFirst);
      const tested = await post(
        "/company/email-templates/test-email/",
        { subject: "Votre colis", type: "thanks", body: "Cliquez ici." },
        owned.owner.access,
      );
      expect(tested.statusCode).toBe(403);
      expect(expectMatchesContract(tested, "companyEmailTemplatesSendTest")).toEqual(confirmFirst);
      expect(
        await t.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.companyId, owned.id)),
      ).toEqual([]);
    });

    it("answers field errors in French for a blank name or a bad website, and 401 without a token", async () => {
      const user = await registerVerifiedUser(t);
      const post = (payload: unknown, headers = authHeaders(user.access)) =>
        t.inject({ method: "POST", url: api("/company/"), headers, payload: payload as object });
      const blank = await post({ name: "   " });
      expect(blank.statusCode).toBe(400);
      expect(expectMatchesContract(blank, "companyCreate")).toEqual({
        name: ["Ce champ ne peut être vide."],
      });
      const script = await post({ name: "Ok", website: "javascript:alert(1)" });
      expect(expectMatchesContract(script, "companyCreate")).toEqual({
        website: ["Saisissez une URL valide."],
      });
      const missing = await post({});
      expect(missing.statusCode).toBe(400);
      expect(expectMatchesContract<Record<string, string[]>>(missing, "companyCreate").name).toBeDefined();
      const anonymous = await post({ name: "X" }, {});
      expect(anonymous.statusCode).toBe(401);
      expectMatchesContract(anonymous, "companyCreate");
    });
  });

  it("answers a French 400, never a 500, to a body of an undocumented type or a missing body", async () => {
    const owner = await createCompanyFor(t, await registerVerifiedUser(t));
    const loner = await registerVerifiedUser(t);
    const dummy = "00000000-0000-4000-8000-000000000000";
    const calls = [
      ["POST", "/company/", loner.access, "companyCreate"],
      ["POST", "/company/invites/", owner.owner.access, "companyInvitesCreate"],
      ["PATCH", `/company/members/${dummy}/`, owner.owner.access, "companyMembersUpdate"],
      ["POST", "/company/requests/", loner.access, "companyRequestsCreate"],
    ] as const;
    for (const [method, path, token, operationId] of calls) {
      const form = multipartBody({ name: "x", email: "a@b.fr" });
      const bodies = [
        { headers: form.headers, payload: form.payload, detail: "Type de contenu non pris en charge." },
        {
          headers: { "content-type": "text/plain" },
          payload: "name=x",
          detail: "Type de contenu non pris en charge.",
        },
        { headers: {}, payload: undefined, detail: "Le corps de la requête n'est pas un JSON valide." },
      ];
      for (const body of bodies) {
        const res = await t.inject({
          method,
          url: api(path),
          headers: { ...authHeaders(token), ...body.headers },
          ...(body.payload === undefined ? {} : { payload: body.payload }),
        });
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(400);
        expect(expectMatchesContract(res, operationId)).toEqual({ detail: body.detail });
      }
    }
  });

  describe("GET /company/", () => {
    let company: TestCompany;

    beforeAll(async () => {
      company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
      const other = await createCompanyFor(t, await registerVerifiedUser(t));
      const [product, foreign] = await t.ctx.db
        .insert(products)
        .values([
          { companyId: company.id, name: "Lampe", status: "active" },
          { companyId: other.id, name: "Autre", status: "active" },
        ])
        .returning();
      if (!product || !foreign) throw new Error("no products");
      const at = (iso: string) => new Date(iso);
      const orderRows = [
        ["O-1", "2026-03-11T09:00:00Z"], // Wednesday (today)
        ["O-2", "2026-03-11T10:00:00Z"],
        ["O-3", "2026-03-09T10:00:00Z"], // Monday
        ["O-4", "2026-03-05T00:30:00Z"], // Thursday, first day of the window
        ["O-5", "2026-03-04T23:30:00Z"], // Wednesday before: outside the window
        ["O-6", "2026-03-12T10:00:00Z"], // future order date: not counted
        ["O-7", "2026-02-20T10:00:00Z"],
      ] as const;
      const inserted = await t.ctx.db
        .insert(orders)
        .values(
          orderRows.map(([reference, date]) => ({
            companyId: company.id,
            productId: product.id,
            reference,
            buyerEmail: `${reference}@exemple.fr`,
            orderDate: at(date),
            reviewKeyHash: `hash-${reference}-${kind}`,
          })),
        )
        .returning({ id: orders.id, reference: orders.reference });
      await t.ctx.db.insert(orders).values({
        companyId: other.id,
        productId: foreign.id,
        reference: "X-1",
        buyerEmail: "x@exemple.fr",
        orderDate: at("2026-03-11T09:00:00Z"),
        reviewKeyHash: `hash-foreign-${kind}`,
      });
      const orderId = (reference: string) => inserted.find((o) => o.reference === reference)?.id;
      const reviewRows = [
        ["O-1", "5", "approved", "2026-03-11T11:00:00Z"],
        ["O-2", "4", "approved", "2026-03-10T11:00:00Z"], // Tuesday
        ["O-3", "1", "rejected", "2026-03-10T12:00:00Z"],
        ["O-4", "2", "pending", "2026-03-08T12:00:00Z"], // Sunday
        ["O-7", "3", "approved", "2026-02-21T12:00:00Z"],
        [null, "4", "pending", "2026-03-07T12:00:00Z"], // Saturday
      ] as const;
      await t.ctx.db.insert(reviews).values(
        reviewRows.map(([reference, rating, status, date]) => ({
          companyId: company.id,
          productId: product.id,
          orderId: reference ? orderId(reference) : null,
          rating,
          status,
          comment: `Avis ${rating}`,
          authorFirstName: "Jeanne",
          authorLastName: "Martin",
          createdAt: at(date),
        })),
      );
      await t.ctx.db.insert(reviews).values({
        companyId: other.id,
        productId: foreign.id,
        rating: "1",
        status: "approved",
        createdAt: at("2026-03-11T08:00:00Z"),
      });
      await t.ctx.db
        .update(companies)
        .set({ emailQuotaUsed: 17, emailQuotaPeriodStart: at("2026-03-01T00:00:00Z") })
        .where(eq(companies.id, company.id));
    });

    it("answers 403 with the spec's message when the caller has no company", async () => {
      const loner = await registerVerifiedUser(t);
      const res = await getCompany(loner.access);
      expect(res.statusCode).toBe(403);
      expect(expectMatchesContract(res, "companyGet")).toEqual({ detail: NO_COMPANY });
      const anonymous = await t.inject({ method: "GET", url: api("/company/") });
      expect(anonymous.statusCode).toBe(401);
      expectMatchesContract(anonymous, "companyGet");
    });

    it("gives the dashboard figures of this company only", async () => {
      const res = await getCompany(company.owner.access);
      expect(res.statusCode, res.body).toBe(200);
      const body = expectMatchesContract<CompanyBody>(res, "companyGet");
      expect(body.total_reviews).toBe(6);
      expect(body.mean_note).toBe(4); // approved only: 5, 4, 3
      expect(body.recent_reviews.map((r) => r.created_at)).toEqual([
        "2026-03-11T11:00:00.000Z",
        "2026-03-10T12:00:00.000Z",
        "2026-03-10T11:00:00.000Z",
        "2026-03-08T12:00:00.000Z",
        "2026-03-07T12:00:00.000Z",
      ]);
      expect(body.reviews_last_7_days).toEqual({
        monday: 0,
        tuesday: 2,
        wednesday: 1,
        thursday: 0,
        friday: 0,
        saturday: 1,
        sunday: 1,
        total: 5,
      });
      expect(body.orders_last_7_days).toEqual({
        monday: 1,
        tuesday: 0,
        wednesday: 2,
        thursday: 1,
        friday: 0,
        saturday: 0,
        sunday: 0,
        total: 4,
      });
      expect(body).toMatchObject({
        id: company.id,
        created_by: company.owner.id,
        email_quota_used: 17,
        email_quota_limit: 400,
        email_quota_period_start: "2026-03-01T00:00:00.000Z",
        subscription_limits: PLANS.CROISSANCE.limits,
        subscription: { type: "CROISSANCE", status: "active" },
        members_count: 1,
      });
    });

    it("reads a quota counter of an earlier month as 0 from the 1st of this month", async () => {
      const fresh = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
      await t.ctx.db
        .update(companies)
        .set({ emailQuotaUsed: 39, emailQuotaPeriodStart: new Date("2026-02-01T00:00:00Z") })
        .where(eq(companies.id, fresh.id));
      const body = expectMatchesContract<CompanyBody>(await getCompany(fresh.owner.access), "companyGet");
      expect(body).toMatchObject({
        email_quota_used: 0,
        email_quota_limit: 4000,
        email_quota_period_start: "2026-03-01T00:00:00.000Z",
        subscription_limits: { max_members: null, max_products: null },
      });
    });

    it("shows the API key to owner, admin and manager only", async () => {
      const seen: Record<string, string | null> = {};
      for (const role of ["admin", "manager", "moderator", "accoutant", "member"] as const) {
        const user = await addMember(t, company, role);
        const body = expectMatchesContract<CompanyBody>(await getCompany(user.access), "companyGet");
        seen[role] = body.api_key;
        if (body.api_key) expect(body.api_key_expires_at).not.toBeNull();
        else expect(body.api_key_expires_at).toBeNull();
      }
      const owner = expectMatchesContract<CompanyBody>(await getCompany(company.owner.access), "companyGet");
      expect(owner.api_key).toBe(company.apiKey);
      expect(owner.members_count).toBe(6);
      expect(seen).toEqual({
        admin: company.apiKey,
        manager: company.apiKey,
        moderator: null,
        accoutant: null,
        member: null,
      });
    });
  });

  describe("PATCH /company/", () => {
    let company: TestCompany;
    let manager: string;

    beforeAll(async () => {
      company = await createCompanyFor(t, await registerVerifiedUser(t));
      manager = (await addMember(t, company, "manager")).access;
    });

    const patch = (token: string, payload: object) =>
      t.inject({ method: "PATCH", url: api("/company/"), headers: authHeaders(token), payload });
    const upload = (token: string, fields: Record<string, string>, file?: Buffer, name = "logo.png") => {
      const body = multipartBody(
        fields,
        file ? [{ name: "logo", filename: name, contentType: "image/png", data: file }] : [],
      );
      return t.inject({
        method: "PATCH",
        url: api("/company/"),
        headers: { ...authHeaders(token), ...body.headers },
        payload: body.payload,
      });
    };
    const storedPath = (logoUrl: string) => logoUrl.split("/uploads/")[1] ?? "";

    it("updates name and website as JSON, for owner, admin and manager only", async () => {
      const res = await patch(manager, { name: "Atelier Nord", website: "https://atelier-nord.fr" });
      expect(res.statusCode, res.body).toBe(200);
      expect(expectMatchesContract(res, "companyUpdate")).toMatchObject({
        name: "Atelier Nord",
        website: "https://atelier-nord.fr",
      });
      const cleared = await patch(company.owner.access, { website: null });
      expect(expectMatchesContract(cleared, "companyUpdate")).toMatchObject({
        name: "Atelier Nord",
        website: null,
      });
      for (const role of ["moderator", "accoutant", "member"] as const) {
        const user = await addMember(t, company, role);
        const denied = await patch(user.access, { name: "Pirate" });
        expect(denied.statusCode).toBe(403);
        expect(expectMatchesContract(denied, "companyUpdate")).toEqual({ detail: FORBIDDEN });
      }
      const blank = await patch(manager, { name: " " });
      expect(expectMatchesContract(blank, "companyUpdate")).toEqual({
        name: ["Ce champ ne peut être vide."],
      });
      const unknown = await patch(manager, { owner: "me" });
      expect(unknown.statusCode).toBe(400);
      expectMatchesContract(unknown, "companyUpdate");
      const badWebsite = await patch(manager, { website: "pas une adresse" });
      expect(expectMatchesContract(badWebsite, "companyUpdate")).toEqual({
        website: ["Saisissez une URL valide."],
      });
    });

    it("makes the public page's slug from the name, numbered when taken; editable, unique, and can be hidden", async () => {
      const first = await createCompanyFor(t, await registerVerifiedUser(t), {
        name: "Les Délices d'Élodie",
      });
      const second = await createCompanyFor(t, await registerVerifiedUser(t), {
        name: "Les délices d’Élodie !",
      });
      const read = async (token: string) =>
        expectMatchesContract<{ slug: string; public_page: boolean }>(
          await t.inject({ method: "GET", url: api("/company/"), headers: authHeaders(token) }),
          "companyGet",
        );
      const firstView = await read(first.owner.access);
      expect(firstView.slug).toMatch(/^les-delices-d-elodie(?:-\d+)?$/);
      expect(firstView.public_page).toBe(true);
      const secondView = await read(second.owner.access);
      expect(secondView.slug).toMatch(/^les-delices-d-elodie-\d+$/);
      expect(secondView.slug).not.toBe(firstView.slug);

      const taken = await patch(second.owner.access, { slug: firstView.slug });
      expect(expectMatchesContract(taken, "companyUpdate")).toEqual({
        slug: ["Cette adresse de page publique est déjà prise."],
      });
      for (const slug of ["Majuscules", "-tiret", "ab", "é-t-é"]) {
        const malformed = await patch(second.owner.access, { slug });
        expect(expectMatchesContract(malformed, "companyUpdate"), slug).toEqual({
          slug: [
            "Utilisez de 3 à 60 lettres minuscules sans accent, chiffres ou tirets, sans tiret au début ni à la fin.",
          ],
        });
      }
      const ownSlug = `elodie-${first.id.slice(0, 8)}`;
      const renamed = await patch(second.owner.access, { slug: ownSlug, public_page: false });
      expect(expectMatchesContract(renamed, "companyUpdate")).toMatchObject({
        slug: ownSlug,
        public_page: false,
      });
      const shown = await upload(second.owner.access, { public_page: "true" });
      expect(expectMatchesContract(shown, "companyUpdate")).toMatchObject({
        slug: ownSlug,
        public_page: true,
      });
    });

    it("stores an uploaded logo re-encoded (WebP, at most 512 px), replaces and removes it", async () => {
      const res = await upload(company.owner.access, { name: "Atelier Sud" }, await pngOf(1200, 600));
      expect(res.statusCode, res.body).toBe(200);
      const body = expectMatchesContract<CompanyBody>(res, "companyUpdate");
      expect(body.name).toBe("Atelier Sud");
      expect(body.logo).toMatch(/^http:\/\/certavis\.test\/uploads\/logos\/[\w-]+\.webp$/);
      const first = join(t.ctx.storage.root ?? "", storedPath(body.logo ?? ""));
      const meta = await sharp(readFileSync(first)).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 512, height: 256 });
      const served = await t.inject({ method: "GET", url: `/uploads/${storedPath(body.logo ?? "")}` });
      expect(served.statusCode).toBe(200);

      const replaced = expectMatchesContract<CompanyBody>(
        await upload(manager, {}, await pngOf(64, 64)),
        "companyUpdate",
      );
      expect(replaced.logo).not.toBe(body.logo);
      expect(existsSync(first)).toBe(false);
      const second = join(t.ctx.storage.root ?? "", storedPath(replaced.logo ?? ""));
      expect((await sharp(readFileSync(second)).metadata()).width).toBe(64);

      const removed = expectMatchesContract<CompanyBody>(
        await patch(manager, { logo: null }),
        "companyUpdate",
      );
      expect(removed.logo).toBeNull();
      expect(existsSync(second)).toBe(false);
    });

    it("refuses what is not an image by its bytes, a corrupt image, and a file over 2 MB", async () => {
      const text = await upload(manager, {}, Buffer.from("<svg onload=alert(1)>"), "logo.png");
      expect(text.statusCode).toBe(400);
      expect(expectMatchesContract(text, "companyUpdate")).toEqual({
        logo: ["Le logo doit être une image (JPEG, PNG, GIF, WebP ou AVIF)."],
      });
      const corrupt = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(300, 7),
      ]);
      const broken = await upload(manager, {}, corrupt);
      expect(expectMatchesContract(broken, "companyUpdate")).toEqual({
        logo: ["Image illisible ou corrompue."],
      });
      const huge = Buffer.concat([await pngOf(8, 8), Buffer.alloc(2 * 1024 * 1024 + 10, 0)]);
      const tooBig = await upload(manager, {}, huge);
      expect(tooBig.statusCode).toBe(400);
      expect(expectMatchesContract(tooBig, "companyUpdate")).toEqual({
        logo: ["Le fichier dépasse la taille maximale de 2 Mo."],
      });
      const stranger = multipartBody({ color: "red" });
      const unknownField = await t.inject({
        method: "PATCH",
        url: api("/company/"),
        headers: { ...authHeaders(manager), ...stranger.headers },
        payload: stranger.payload,
      });
      expect(expectMatchesContract(unknownField, "companyUpdate")).toEqual({ color: ["Champ inconnu."] });
      const truncated = multipartBody({ name: "Coupé" });
      const malformed = await t.inject({
        method: "PATCH",
        url: api("/company/"),
        headers: { ...authHeaders(manager), ...truncated.headers },
        payload: truncated.payload.subarray(0, truncated.payload.length - 20),
      });
      expect(malformed.statusCode).toBe(400);
      expect(expectMatchesContract(malformed, "companyUpdate")).toEqual({
        detail: "Le corps multipart/form-data est invalide.",
      });
      const after = expectMatchesContract<CompanyBody>(await getCompany(manager), "companyGet");
      expect(after.logo).toBeNull();
      expect(after.name).not.toBe("Coupé");
    });
  });

  describe("API key", () => {
    it("is regenerated by owner, admin or manager with a new one-year expiry; the old key stops at once", async () => {
      const company = await createCompanyFor(t, await registerVerifiedUser(t));
      const moderator = await addMember(t, company, "moderator");
      const admin = await addMember(t, company, "admin");
      const regenerate = (token: string) =>
        t.inject({ method: "POST", url: api("/company/api-key/regenerate/"), headers: authHeaders(token) });
      const denied = await regenerate(moderator.access);
      expect(denied.statusCode).toBe(403);
      expectMatchesContract(denied, "companyApiKeyRegenerate");

      const res = await regenerate(admin.access);
      expect(res.statusCode, res.body).toBe(200);
      const key = expectMatchesContract<{ api_key: string; api_key_expires_at: string }>(
        res,
        "companyApiKeyRegenerate",
      );
      expect(key.api_key).toMatch(/^cvk_/);
      expect(key.api_key).not.toBe(company.apiKey);
      expect(new Date(key.api_key_expires_at).getTime()).toBe(NOW.getTime() + 365 * 24 * 3600 * 1000);

      const order = (apiKey: string) =>
        t.inject({ method: "POST", url: api("/orders/"), headers: { "x-api-key": apiKey }, payload: {} });
      expect((await order(company.apiKey)).statusCode).toBe(401);
      expect((await order(key.api_key)).statusCode).toBe(400);
      const seen = expectMatchesContract<CompanyBody>(await getCompany(company.owner.access), "companyGet");
      expect(seen.api_key).toBe(key.api_key);
      expect(seen.api_key_expires_at).toBe(key.api_key_expires_at);
    });
  });

  describe("GET /companies/?search=", () => {
    it("finds companies by part of their name, case-insensitively, from 2 characters", async () => {
      const searcher = await registerVerifiedUser(t);
      const owner = await registerVerifiedUser(t);
      await createCompanyFor(t, owner, { name: "Brasserie du Quai 100%" });
      await createCompanyFor(t, await registerVerifiedUser(t), { name: "Quincaillerie Moderne" });
      await createCompanyFor(t, await registerVerifiedUser(t), { name: "Boulangerie 1000" });
      const search = (q: string, token: string | null = searcher.access) =>
        t.inject({
          method: "GET",
          url: api(`/companies/?search=${encodeURIComponent(q)}`),
          headers: token ? authHeaders(token) : {},
        });
      const found = expectMatchesContract<{ count: number; results: Array<{ name: string; logo: null }> }>(
        await search("QUAI"),
        "companiesSearch",
      );
      expect(found.results.map((c) => c.name)).toEqual(["Brasserie du Quai 100%"]);
      const percent = expectMatchesContract<{ results: Array<{ name: string }> }>(
        await search("0%"),
        "companiesSearch",
      );
      expect(percent.results.map((c) => c.name)).toEqual(["Brasserie du Quai 100%"]);
      const short = await search("q");
      expect(short.statusCode).toBe(400);
      expectMatchesContract(short, "companiesSearch");
      const spaces = await search(" q ");
      expect(expectMatchesContract(spaces, "companiesSearch")).toEqual({
        search: ["Saisissez au moins 2 caractères."],
      });
      const anonymous = await search("quai", null);
      expect(anonymous.statusCode).toBe(401);
      const paged = expectMatchesContract<{ count: number; next: string | null; results: unknown[] }>(
        await search("er", owner.access).then((r) => r),
        "companiesSearch",
      );
      expect(paged.count).toBeGreaterThanOrEqual(3);
      const limited = await t.inject({
        method: "GET",
        url: api("/companies/?search=er&limit=1"),
        headers: authHeaders(searcher.access),
      });
      const page = expectMatchesContract<{ next: string | null; results: unknown[] }>(
        limited,
        "companiesSearch",
      );
      expect(page.results).toHaveLength(1);
      expect(page.next).toContain("offset=1");
    });
  });

  describe("DELETE /company/", () => {
    it("is for the owner only; members are left without company and the files are removed", async () => {
      const company = await createCompanyFor(t, await registerVerifiedUser(t));
      const bystander = await createCompanyFor(t, await registerVerifiedUser(t));
      const admin = await addMember(t, company, "admin");
      // A reviewed product goes with its company (the product's RESTRICT only stops deleting it alone).
      const [product] = await t.ctx.db
        .insert(products)
        .values({ companyId: company.id, name: "Lampe" })
        .returning({ id: products.id });
      await t.ctx.db
        .insert(reviews)
        .values({ companyId: company.id, productId: product?.id ?? "", rating: "4", status: "approved" });
      const withLogo = multipartBody({}, [
        { name: "logo", filename: "l.png", contentType: "image/png", data: await pngOf(32, 32) },
      ]);
      const uploaded = await t.inject({
        method: "PATCH",
        url: api("/company/"),
        headers: { ...authHeaders(company.owner.access), ...withLogo.headers },
        payload: withLogo.payload,
      });
      const logoPath = join(
        t.ctx.storage.root ?? "",
        (uploaded.json().logo as string).split("/uploads/")[1] ?? "",
      );
      expect(existsSync(logoPath)).toBe(true);

      const remove = (token: string, password = company.owner.password) =>
        t.inject({
          method: "DELETE",
          url: api("/company/"),
          headers: authHeaders(token),
          payload: { password },
        });
      const denied = await remove(admin.access, admin.password);
      expect(denied.statusCode).toBe(403);
      expect(expectMatchesContract(denied, "companyDelete")).toEqual({ detail: FORBIDDEN });

      const res = await remove(company.owner.access);
      expect(res.statusCode).toBe(204);
      expectMatchesContract(res, "companyDelete");
      expect(existsSync(logoPath)).toBe(false);
      for (const token of [company.owner.access, admin.access]) {
        const after = await getCompany(token);
        expect(after.statusCode).toBe(403);
        expect(after.json()).toEqual({ detail: NO_COMPANY });
      }
      const left = await t.ctx.db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.companyId, company.id));
      expect(left).toHaveLength(0);
      expect(await t.ctx.db.select().from(reviews).where(eq(reviews.companyId, company.id))).toEqual([]);
      expect((await getCompany(bystander.owner.access)).statusCode).toBe(200);
      const none = await remove(company.owner.access);
      expect(none.statusCode).toBe(403);
      expect(none.json()).toEqual({ detail: NO_COMPANY });
    });

    it("asks for the owner's password: a French 400 without it or when wrong, and nothing is deleted", async () => {
      const company = await createCompanyFor(t, await registerVerifiedUser(t));
      const auth = authHeaders(company.owner.access);
      const cases = [
        [undefined, { detail: "Le corps de la requête n'est pas un JSON valide." }],
        [{}, { password: ["Ce champ est obligatoire."] }],
        [{ password: "faux-secret" }, { password: ["Mot de passe incorrect."] }],
      ] as const;
      for (const [payload, body] of cases) {
        const res = await t.inject({
          method: "DELETE",
          url: api("/company/"),
          headers: auth,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(expectMatchesContract(res, "companyDelete")).toEqual(body);
      }
      expect((await getCompany(company.owner.access)).statusCode).toBe(200);
    });

    it("counts wrong passwords with the sign-in attempts: past 10, even the right one waits (429)", async () => {
      const company = await createCompanyFor(t, await registerVerifiedUser(t));
      const remove = (password: string) =>
        t.inject({
          method: "DELETE",
          url: api("/company/"),
          headers: authHeaders(company.owner.access),
          payload: { password },
        });
      for (let i = 0; i < 10; i++) expect((await remove(`faux-${i}`)).statusCode).toBe(400);
      const locked = await remove(company.owner.password);
      expect(locked.statusCode).toBe(429);
      expect(expectMatchesContract(locked, "companyDelete")).toEqual({
        detail: "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.",
      });
      expect((await getCompany(company.owner.access)).statusCode).toBe(200);
    });
  });
});
