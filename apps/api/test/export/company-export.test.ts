import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromBuffer } from "yauzl";
import {
  companies,
  emailSuppressions,
  integrations,
  products,
  reviewEvents,
  reviewFiles,
  reviews,
  webhookEndpoints,
} from "../../src/db/schema";
import { issueInvoice } from "../../src/modules/billing/invoice-numbers";
import { exportLimits } from "../../src/modules/export/export-files";
import { exportLinkToken } from "../../src/modules/export/export-link";
import {
  addMember,
  authHeaders,
  createCompanyFor,
  createProduct,
  createTestApp,
  expectMatchesContract,
  orderWithReview,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "../helpers";

/** Every entry of a ZIP, read whole (the test's files are small). */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on("error", reject);
      file.on("end", () => resolve(entries));
      file.on("entry", (entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

const BOM = "\uFEFF";
const HOSTILE = '=HYPERLINK("http://exemple.invalid";"x")';
const lines = (text: string) => text.slice(BOM.length).trimEnd().split("\r\n");

describe.each(TEST_DATABASES)("the company's ZIP export on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let slug = "";
  let files: Map<string, Buffer>;
  let response: { statusCode: number; headers: Record<string, unknown> };
  const ids: { lamp: string; vase: string; withPhoto: string; rejected: string } = {
    lamp: "",
    vase: "",
    withPhoto: "",
    rejected: "",
  };
  const bytes = {
    photo: Buffer.from("photo-jpeg"),
    image: Buffer.from("image-webp"),
    logo: Buffer.from("logo-png"),
  };
  const stored = { photo: "", image: "", logo: "" };
  const pageSize = { ...exportLimits.pageSize };
  const SECRET_MARK = "SECRET-NE-SORT-PAS";
  let memberEmail = "";

  beforeAll(async () => {
    // Pages of 2 rows: three reviews and orders cross page boundaries.
    exportLimits.pageSize = { pglite: 2, postgres: 2 };
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), {
      name: "Maison Lumière",
      planType: "EXPANSION",
    });
    const auth = authHeaders(company.owner.access);
    ids.lamp = (await createProduct(t, auth, "Lampe Aurore")).id;
    ids.vase = (await createProduct(t, auth, HOSTILE, "draft")).id;
    const { storage } = t.ctx;
    stored.photo = await storage.save(`reviews/${company.id}`, "jpg", bytes.photo);
    stored.image = await storage.save("products", "webp", bytes.image);
    stored.logo = await storage.save("logos", "png", bytes.logo);
    await t.ctx.db.update(products).set({ imagePath: stored.image }).where(eq(products.id, ids.lamp));
    await t.ctx.db.update(companies).set({ logoPath: stored.logo }).where(eq(companies.id, company.id));
    const [row] = await t.ctx.db
      .select({ slug: companies.slug })
      .from(companies)
      .where(eq(companies.id, company.id));
    slug = row?.slug ?? "";

    const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9, 30));
    const reviewed = async (
      productId: string,
      day: number,
      values: Partial<typeof reviews.$inferInsert> & { status: string },
    ) => {
      const order = await orderWithReview(t, company.id, productId, at(day));
      const [row] = await t.ctx.db
        .insert(reviews)
        .values({
          companyId: company.id,
          productId,
          orderId: order.id,
          authorFirstName: "Léa",
          authorLastName: "Bernard",
          createdAt: at(day + 1),
          ...values,
        })
        .returning({ id: reviews.id });
      return row?.id ?? "";
    };
    ids.withPhoto = await reviewed(ids.lamp, 1, {
      status: "approved",
      rating: "4.50",
      comment: "Avis 1",
      answers: { f1: "Très lumineuse", f2: 4 },
      formSnapshot: [
        { id: "f1", label: "Qu'avez-vous aimé ?", type: "text" },
        { id: "f2", label: "Qualité", type: "rating" },
      ],
      replyBody: "Merci beaucoup !",
      replyCreatedAt: at(7),
    });
    ids.rejected = await reviewed(ids.lamp, 3, {
      status: "rejected",
      rating: "1",
      comment: HOSTILE,
      rejectionReason: "abusive",
    });
    await reviewed(ids.vase, 5, { status: "pending", rating: "3", comment: "Avis 3" });
    await t.ctx.db.insert(reviewFiles).values({
      companyId: company.id,
      reviewId: ids.withPhoto,
      fieldId: "photos",
      path: stored.photo,
      mimeType: "image/jpeg",
      sizeBytes: bytes.photo.length,
    });
    await t.ctx.db.insert(reviewEvents).values([
      {
        companyId: company.id,
        reviewId: ids.withPhoto,
        kind: "submitted",
        actor: "author",
        toStatus: "pending",
      },
      {
        companyId: company.id,
        reviewId: ids.withPhoto,
        kind: "approved",
        actor: "user",
        actorName: "Alice Durand",
        fromStatus: "pending",
        toStatus: "approved",
      },
    ]);

    // Another company's review never shows.
    const other = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
    const theirs = await createProduct(t, authHeaders(other.owner.access), "Produit d'ailleurs");
    await orderWithReview(t, other.id, theirs.id, at(8), {
      status: "approved",
      rating: 5,
      at: at(9),
      comment: "Avis d'une autre entreprise",
    });

    // Settings the README promises, secrets included in the database but never in the ZIP.
    memberEmail = (await addMember(t, company, "moderator")).email;
    await t.ctx.db.transaction((tx) =>
      issueInvoice(tx, {
        companyId: company.id,
        subscriptionType: "EXPANSION",
        amountCents: 7999,
        periodStart: at(1),
        periodEnd: at(31),
        providerRef: `in_${company.id}`,
        buyerName: "Maison Lumière",
        buyerAddress: "12 rue des Lilas",
        invoiceUrl: null,
      }),
    );
    await t.ctx.db.insert(emailSuppressions).values({
      companyId: company.id,
      email: "parti@exemple.fr",
      emailHash: "hash-parti",
      reason: "unsubscribe",
    });
    await t.ctx.db.insert(webhookEndpoints).values({
      companyId: company.id,
      url: "https://boutique.exemple.fr/hooks/certavis",
      description: "ERP",
      events: ["review.approved"],
      secretCiphertext: SECRET_MARK,
    });
    await t.ctx.db.insert(integrations).values({
      companyId: company.id,
      platform: "woocommerce",
      shopUrl: "https://boutique.exemple.fr",
      secretSealed: SECRET_MARK,
    });

    const res = await t.inject({ method: "GET", url: "/api/v1/company/export/", headers: auth });
    response = res;
    expect(res.statusCode, res.body).toBe(200);
    files = await unzip(res.rawPayload);
  });

  afterAll(async () => {
    exportLimits.pageSize = pageSize;
    await t?.close();
  });

  it("answers a ZIP named after the company and the day, with every file", () => {
    expect(response.headers["content-type"]).toBe("application/zip");
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="certavis-export-${slug}-${day}.zip"`,
    );
    const photoName = stored.photo.slice(stored.photo.lastIndexOf("/") + 1);
    expect([...files.keys()]).toEqual([
      "LISEZMOI.txt",
      "reviews.csv",
      "reviews.json",
      "orders.csv",
      "products.csv",
      "audit.csv",
      "templates.json",
      "forms.json",
      "members.csv",
      "invoices.csv",
      "suppressions.csv",
      "webhooks.json",
      "integrations.json",
      `media/avis/${ids.withPhoto}/${photoName}`,
      `media/produits/${ids.lamp}.webp`,
      "media/logo.png",
    ]);
    expect(files.get(`media/avis/${ids.withPhoto}/${photoName}`)).toEqual(bytes.photo);
    expect(files.get(`media/produits/${ids.lamp}.webp`)).toEqual(bytes.image);
    expect(files.get("media/logo.png")).toEqual(bytes.logo);
  });

  it("reviews.csv: BOM, ';', every review of the company oldest first, formulas neutralised", () => {
    const text = files.get("reviews.csv")?.toString("utf8") ?? "";
    expect(text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = lines(text);
    expect(header).toBe(Object.keys(fr.server.companyExport.columns.reviews).join(";"));
    expect(rows).toHaveLength(3);
    const cells = (rows[0] ?? "").split(";");
    expect(cells.slice(0, 9)).toEqual([
      ids.withPhoto,
      "2026-03-02T09:30:00.000Z",
      "approved",
      "4,5",
      "",
      "Avis 1",
      "Léa",
      "Bernard",
      ids.lamp,
    ]);
    expect(rows[0]).toContain(";Merci beaucoup !;2026-03-07T09:30:00.000Z;");
    expect(rows[0]).toContain(`;media/avis/${ids.withPhoto}/`);
    // The JSON of the answers is one quoted cell.
    expect(rows[0]).toContain(`"{""Qu'avez-vous aimé ?"":""Très lumineuse"",""Qualité"":4}"`);
    expect(rows[1]).toContain(`;"'=HYPERLINK(""http://exemple.invalid"";""x"")";`);
    expect(rows[1]).toContain(";abusive;");
    expect(rows[2]).toContain(`;"'=HYPERLINK(""http://exemple.invalid"";""x"")";`); // its product's name
    expect(text).not.toContain("Avis d'une autre entreprise");
  });

  it("reviews.json: each review with its answers, files, reply and trail", () => {
    const items = JSON.parse(files.get("reviews.json")?.toString("utf8") ?? "") as Record<string, unknown>[];
    expect(items.map((i) => i.statut)).toEqual(["approved", "rejected", "pending"]);
    const first = items[0] as Record<string, unknown>;
    expect(first).toMatchObject({
      id: ids.withPhoto,
      note: 4.5,
      commentaire: "Avis 1",
      auteur: { prenom: "Léa", nom: "Bernard" },
      produit: { id: ids.lamp, nom: "Lampe Aurore" },
      commande: {
        reference: expect.stringMatching(/^REF-/),
        acheteur_email: expect.stringMatching(/@exemple\.fr$/),
      },
      dates: { depot: "2026-03-02T09:30:00.000Z" },
      reponse: { texte: "Merci beaucoup !", date: "2026-03-07T09:30:00.000Z" },
      reponses_formulaire: [
        { id: "f1", libelle: "Qu'avez-vous aimé ?", type: "text", valeur: "Très lumineuse" },
        { id: "f2", libelle: "Qualité", type: "rating", valeur: 4 },
      ],
      fichiers: [{ champ: "photos", type: "image/jpeg", taille_octets: bytes.photo.length }],
    });
    expect(
      (first.journal as { evenement: string; libelle: string; membre: string | null }[]).map((e) => [
        e.evenement,
        e.libelle,
        e.membre,
      ]),
    ).toEqual([
      ["submitted", "Avis déposé", null],
      ["approved", "Avis validé", "Alice Durand"],
    ]);
    expect(items[1]).toMatchObject({ commentaire: HOSTILE, rejet: { motif: "abusive", precision: null } });
  });

  it("orders.csv and products.csv: every row, formula-safe", () => {
    const [orderHeader, ...orderRows] = lines(files.get("orders.csv")?.toString("utf8") ?? "");
    expect(orderHeader).toBe(Object.keys(fr.server.companyExport.columns.orders).join(";"));
    expect(orderRows).toHaveLength(3);
    expect(orderRows[0]).toMatch(/^REF-\d+;0;2026-03-01T09:30:00\.000Z;/);
    expect(orderRows[0]).toContain(`;acheteur-`);
    expect(orderRows[0]).toContain(`;Léa;Bernard;;${ids.withPhoto}`);

    const productText = files.get("products.csv")?.toString("utf8") ?? "";
    expect(productText.startsWith(BOM)).toBe(true);
    const [productHeader, ...productRows] = lines(productText);
    expect(productHeader).toBe(Object.keys(fr.server.companyExport.columns.products).join(";"));
    expect(productRows).toHaveLength(2);
    const lamp = productRows.find((r) => r.startsWith(ids.lamp));
    expect(lamp).toContain(`;Lampe Aurore;;active;;;;;media/produits/${ids.lamp}.webp;`);
    const vase = productRows.find((r) => r.startsWith(ids.vase));
    expect(vase).toContain(`;"'=HYPERLINK(""http://exemple.invalid"";""x"")";;draft;`);
  });

  it("audit.csv is the moderation trail; LISEZMOI.txt names every file and column", () => {
    const [header, ...rows] = lines(files.get("audit.csv")?.toString("utf8") ?? "");
    expect(header).toBe("date;avis;produit;auteur_avis;evenement;par;de;vers;motif;note");
    expect(rows.map((r) => r.split(";")[4])).toEqual(["Avis déposé", "Avis validé"]);
    const readme = files.get("LISEZMOI.txt")?.toString("utf8") ?? "";
    expect(readme.split("\r\n")[0]).toBe(
      `Export des données de Maison Lumière (Certavis), ${new Date().toISOString().slice(0, 10)}`,
    );
    // Every file of the ZIP is described, and every file described is in the ZIP.
    const described = [...readme.matchAll(/\r\n([a-z]+(?:\.csv|\.json|\/))\r\n/g)].map((m) => m[1]);
    const entries = [
      ...new Set([...files.keys()].map((name) => name.replace(/^media\/.*/, "media/"))),
    ].filter((name) => name !== "LISEZMOI.txt");
    expect(described.sort()).toEqual(entries.sort());
    for (const file of [
      "reviews.csv",
      "orders.csv",
      "products.csv",
      "audit.csv",
      "members.csv",
      "invoices.csv",
      "suppressions.csv",
    ]) {
      const [columns = ""] = lines(files.get(file)?.toString("utf8") ?? "");
      for (const column of columns.split(";")) expect(readme).toContain(`  - ${column} : `);
    }
  });

  it("is refused to a manager and a moderator (owner and admin only)", async () => {
    const admin = await addMember(t, company, "admin");
    const allowed = await t.inject({
      method: "GET",
      url: "/api/v1/company/export/",
      headers: authHeaders(admin.access),
    });
    expect(allowed.statusCode).toBe(200);
    for (const role of ["manager", "moderator"] as const) {
      const member = await addMember(t, company, role);
      const res = await t.inject({
        method: "GET",
        url: "/api/v1/company/export/",
        headers: authHeaders(member.access),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: "Vous n'avez pas la permission d'effectuer cette action." });
    }
  });

  it("holds the settings: templates, forms, members, invoices, suppressions, webhooks, integrations; no secret", () => {
    const text = (name: string) => files.get(name)?.toString("utf8") ?? "";
    const templates = JSON.parse(text("templates.json")) as {
      type: string;
      texte: string;
      par_defaut: boolean;
    }[];
    expect(templates.map((x) => x.type).sort()).toEqual(["reminder", "request", "thanks"]);
    expect(templates.every((x) => x.texte.length > 0 && x.par_defaut)).toBe(true);
    const forms = JSON.parse(text("forms.json")) as { champs: { id: string }[] }[];
    expect(forms).toHaveLength(1);
    expect(forms[0]?.champs.length).toBeGreaterThan(0);
    const [, ...members] = lines(text("members.csv"));
    expect(members.some((r) => r.includes(`;${memberEmail};moderator;`))).toBe(true);
    expect(members.some((r) => r.includes(`;${company.owner.email};owner;`))).toBe(true);
    const [, ...invoiceRows] = lines(text("invoices.csv"));
    expect(invoiceRows).toHaveLength(1);
    expect(invoiceRows[0]).toContain(";EXPANSION;79,99;eur;");
    const [, ...suppressed] = lines(text("suppressions.csv"));
    expect(suppressed).toEqual([expect.stringMatching(/^parti@exemple\.fr;unsubscribe;2\d{3}-/)]);
    expect(JSON.parse(text("webhooks.json"))).toEqual([
      expect.objectContaining({
        url: "https://boutique.exemple.fr/hooks/certavis",
        description: "ERP",
        evenements: ["review.approved"],
        actif: true,
      }),
    ]);
    expect(JSON.parse(text("integrations.json"))).toEqual([
      expect.objectContaining({ plateforme: "woocommerce", boutique: "https://boutique.exemple.fr" }),
    ]);
    for (const [name, bytes] of files) expect(bytes.toString("latin1"), name).not.toContain(SECRET_MARK);
  });

  it("gives a short-lived signed link the browser follows to download the ZIP (no header needed)", async () => {
    const auth = authHeaders(company.owner.access);
    const link = await t.inject({ method: "POST", url: "/api/v1/company/export/link/", headers: auth });
    expect(link.statusCode, link.body).toBe(200);
    const { url, expires_at } = expectMatchesContract<{ url: string; expires_at: string }>(
      link,
      "companyExportLink",
    );
    expect(url.startsWith(`${t.publicUrl}/api/v1/company/export/download/?token=`)).toBe(true);
    const lifetime = new Date(expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
    const path = url.slice(t.publicUrl.length);
    const zip = await t.inject({ method: "GET", url: path });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["cache-control"]).toBe("no-store");
    expect(String(zip.headers["content-disposition"])).toMatch(/^attachment; filename="certavis-export-/);
    expect([...(await unzip(zip.rawPayload)).keys()]).toContain("reviews.csv");

    const refused = async (target: string) => {
      const res = await t.inject({ method: "GET", url: target });
      expect(res.statusCode, target).toBe(404);
      expect(expectMatchesContract(res, "companyExportDownload")).toEqual({
        detail: "Ce lien de téléchargement a expiré ou n'est pas valide. Relancez l'export depuis Certavis.",
      });
    };
    await refused(`${path.slice(0, -3)}${path.endsWith("A") ? "B" : "A"}xx`);
    const key = t.ctx.keys.currentKey("access-token");
    const owner = company.owner.id;
    await refused(
      `/api/v1/company/export/download/?token=${exportLinkToken(key, company.id, owner, new Date(Date.now() - 1000))}`,
    );
    // A member who may not export, or is no longer in the company, gets nothing from a link.
    const moderator = await addMember(t, company, "moderator");
    await refused(
      `/api/v1/company/export/download/?token=${exportLinkToken(key, company.id, moderator.id, new Date(Date.now() + 60_000))}`,
    );
    const forbidden = await t.inject({
      method: "POST",
      url: "/api/v1/company/export/link/",
      headers: authHeaders(moderator.access),
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
