import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/modules/pipeline";
import { openShop, type Shop, signInAgain } from "../certification/fixtures";
import { addMember, authHeaders, createTestApp, expectMatchesContract, type TestApp } from "../helpers";

const BY_CERTAVIS = "Modération indépendante par Certavis";
const BY_SHOP = "Avis modérés par la boutique selon la procédure Certavis";

interface Moderation {
  mode: string;
  since: string | null;
  pending: { mode: string; requested_at: string; effective_at: string } | null;
}

describe("moderation modes (ARCHITECTURE §10.19)", () => {
  const clock = manualClock(new Date("2026-11-28T10:00:00Z"));
  let t: TestApp;
  let shop: Shop;
  let slug: string;

  const put = (mode: string, headers = shop.auth) =>
    t.inject({ method: "PUT", url: "/api/v1/company/moderation/", headers, payload: { mode } });
  const company = async () =>
    expectMatchesContract<{ slug: string; moderation: Moderation }>(
      await t.inject({ method: "GET", url: "/api/v1/company/", headers: shop.auth }),
      "companyGet",
    );
  const publicModeration = async () =>
    expectMatchesContract<{ company: { moderation: Moderation } }>(
      await t.inject({ method: "GET", url: `/api/v1/public/reviews/?company_id=${shop.company.id}` }),
      "publicReviewsGet",
    ).company.moderation;
  const page = async (url: string) => (await t.inject({ method: "GET", url })).body;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.now() });
    shop = await openShop(t);
    slug = (await company()).slug;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts moderated by the shop, and says so publicly", async () => {
    expect((await company()).moderation).toEqual({ mode: "shop", since: null, pending: null });
    expect(await publicModeration()).toEqual({ mode: "shop", since: null, pending: null });
    expect(await page(`/avis/${slug}`)).toContain(BY_SHOP);
    expect(await page(`/widget/fonctionnement?company_id=${shop.company.id}`)).toContain(BY_SHOP);
    expect(await page(`/api/v1/public/badge.svg?company_id=${shop.company.id}`)).toContain(BY_SHOP);
  });

  it("lets only the owner choose", async () => {
    const admin = await addMember(t, shop.company, "admin");
    const res = await put("certavis", authHeaders(admin.access));
    expect(res.statusCode).toBe(403);
    expect((await company()).moderation.mode).toBe("shop");
  });

  it("moves to Certavis at once, with the date shown everywhere", async () => {
    const res = await put("certavis");
    const now = clock.now().toISOString();
    expect(expectMatchesContract<Moderation>(res, "companyModerationUpdate")).toEqual({
      mode: "certavis",
      since: now,
      pending: null,
    });
    expect(await publicModeration()).toEqual({ mode: "certavis", since: now, pending: null });
    const procedure = expectMatchesContract<{ moderation: Moderation; rules_url: string }>(
      await t.inject({ method: "GET", url: `/api/v1/public/procedure/?company_id=${shop.company.id}` }),
      "publicProcedureGet",
    );
    expect(procedure.moderation.mode).toBe("certavis");
    expect(procedure.rules_url).toBe(`${t.publicUrl}/regles-de-moderation`);
    const line = `${BY_CERTAVIS} depuis le 28 novembre 2026`;
    expect(await page(`/avis/${slug}`)).toContain(line);
    expect(await page(`/widget/fonctionnement?company_id=${shop.company.id}`)).toContain(line);
    expect(await page(`/widget/fonctionnement?company_id=${shop.company.id}`)).toContain(
      `${t.publicUrl}/regles-de-moderation`,
    );
    expect(await page(`/api/v1/public/badge.svg?company_id=${shop.company.id}`)).toContain(BY_CERTAVIS);

    const again = await put("certavis");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "Ce mode de modération est déjà celui de votre entreprise." });
  });

  it("goes back to the shop 30 days after it is asked, both dates public", async () => {
    clock.advanceDays(5);
    await signInAgain(t, shop);
    const asked = clock.now().toISOString();
    const res = await put("shop");
    const pending = { mode: "shop", requested_at: asked, effective_at: "2027-01-02T10:00:00.000Z" };
    expect(expectMatchesContract<Moderation>(res, "companyModerationUpdate")).toEqual({
      mode: "certavis",
      since: null,
      pending,
    });
    expect(await publicModeration()).toEqual({ mode: "certavis", since: null, pending });
    const html = await page(`/avis/${slug}`);
    expect(html).toContain(BY_CERTAVIS);
    expect(html).toContain(
      "Retour à la modération par la boutique demandé le 3 décembre 2026, effectif le 2 janvier 2027",
    );

    clock.set(new Date("2027-01-02T09:59:00Z"));
    expect((await publicModeration()).mode).toBe("certavis");
    clock.set(new Date("2027-01-02T10:00:00Z"));
    await signInAgain(t, shop);
    expect((await company()).moderation).toEqual({
      mode: "shop",
      since: "2027-01-02T10:00:00.000Z",
      pending: null,
    });
    // (The painted page is kept up to a minute: a page not painted yet shows the change at once.)
    expect(await page(`/avis/${slug}?note=5`)).toContain(`${BY_SHOP} depuis le 2 janvier 2027`);
  });

  it("cancels a pending return to the shop when Certavis is asked again", async () => {
    expect(expectMatchesContract<Moderation>(await put("certavis"), "companyModerationUpdate").mode).toBe(
      "certavis",
    );
    const back = expectMatchesContract<Moderation>(await put("shop"), "companyModerationUpdate");
    expect(back.pending?.mode).toBe("shop");
    const stay = expectMatchesContract<Moderation>(await put("certavis"), "companyModerationUpdate");
    expect(stay).toEqual({ mode: "certavis", since: clock.now().toISOString(), pending: null });
  });
});
