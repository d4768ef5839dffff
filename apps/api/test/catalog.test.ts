import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../src/db/schema";
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
} from "./helpers";
import { fakeMp4, fakePng, multipartBody } from "./pipeline/multipart";

describe.each(TEST_DATABASES)("catalogue on %s", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let other: TestCompany;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "CROISSANCE" });
    other = await createCompanyFor(t, await registerVerifiedUser(t));
    auth = authHeaders(company.owner.access);
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = (path: string) => `/api/v1${path}`;

  describe("products", () => {
    it("creates, lists in status order, reads, updates and duplicates products with their links and counts", async () => {
      const make = async (name: string, status: string, extra: Record<string, unknown> = {}) => {
        const res = await t.inject({
          method: "POST",
          url: api("/company/products/"),
          headers: auth,
          payload: { name, status, ...extra },
        });
        expect(res.statusCode, res.body).toBe(201);
        return expectMatchesContract<{ id: string; status: string }>(res, "companyProductsCreate");
      };
      const archived = await make("Abat-jour", "archived");
      const published = await make("Zèbre lumineux", "published", {
        email_request_template_id: company.defaults.requestTemplateId,
        email_reminder_template_id: company.defaults.reminderTemplateId,
        send_reminder: true,
        form_id: company.defaults.formId,
        sku: "ZEB-1",
      });
      expect(published.status).toBe("active");
      const draft = await make("Bougeoir", "draft");
      await make("Applique", "active");

      const list = await t.inject({ method: "GET", url: api("/company/products/?limit=100"), headers: auth });
      const page = expectMatchesContract<{ count: number; results: { name: string; status: string }[] }>(
        list,
        "companyProductsList",
      );
      expect(page.results.map((p) => [p.status, p.name])).toEqual([
        ["active", "Applique"],
        ["active", "Zèbre lumineux"],
        ["draft", "Bougeoir"],
        ["archived", "Abat-jour"],
      ]);
      const limited = await t.inject({
        method: "GET",
        url: api("/company/products/?limit=2"),
        headers: auth,
      });
      const first = expectMatchesContract<{ count: number; next: string | null; results: unknown[] }>(
        limited,
        "companyProductsList",
      );
      expect(first).toMatchObject({ count: 4 });
      expect(first.results).toHaveLength(2);
      expect(first.next).toContain("offset=2");

      const one = await t.inject({
        method: "GET",
        url: api(`/company/products/${published.id}/`),
        headers: auth,
      });
      expect(expectMatchesContract(one, "companyProductsGet")).toMatchObject({
        sku: "ZEB-1",
        send_reminder: true,
        email_request_template: { id: company.defaults.requestTemplateId, send_after: 3 },
        email_reminder_template: { id: company.defaults.reminderTemplateId, remind_after: 7 },
        form: { id: company.defaults.formId, name: "Formulaire par défaut" },
        reviews_count: 0,
        orders: 0,
        mean_note: null,
        last_reviewed_at: null,
      });

      const patched = await t.inject({
        method: "PATCH",
        url: api(`/company/products/${draft.id}/`),
        headers: auth,
        payload: { status: "archived" },
      });
      expect(
        expectMatchesContract<{ status: string; name: string }>(patched, "companyProductsUpdate"),
      ).toMatchObject({
        status: "archived",
        name: "Bougeoir",
      });

      const copy = await t.inject({
        method: "POST",
        url: api(`/company/products/${published.id}/duplicate/`),
        headers: auth,
      });
      expect(copy.statusCode).toBe(201);
      expect(expectMatchesContract(copy, "companyProductsDuplicate")).toMatchObject({
        name: "Zèbre lumineux (copie)",
        status: "draft",
        sku: null,
        send_reminder: true,
      });

      const del = await t.inject({
        method: "DELETE",
        url: api(`/company/products/${archived.id}/`),
        headers: auth,
      });
      expect(del.statusCode).toBe(204);
      const gone = await t.inject({
        method: "GET",
        url: api(`/company/products/${archived.id}/`),
        headers: auth,
      });
      expect(gone.statusCode).toBe(404);
    });

    it("answers 400 on the spec's field names, 404 for another company's ids", async () => {
      const bad = await t.inject({
        method: "POST",
        url: api("/company/products/"),
        headers: auth,
        payload: {
          name: "   ",
          form_id: other.defaults.formId,
          email_request_template_id: company.defaults.reminderTemplateId,
          send_reminder: true,
          sku: "ZEB-1",
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(expectMatchesContract(bad, "companyProductsCreate")).toEqual({
        name: ["Ce champ ne peut être vide."],
        form_id: ["Formulaire introuvable."],
        email_request_template_id: ["Choisissez un modèle de type « Demande »."],
        email_reminder_template_id: ["Choisissez un modèle de relance."],
        sku: ["Un produit avec ce SKU existe déjà."],
      });
      const theirs = await t.inject({
        method: "POST",
        url: api("/company/products/"),
        headers: authHeaders(other.owner.access),
        payload: { name: "Chez les autres" },
      });
      const theirProduct = expectMatchesContract<{ id: string }>(theirs, "companyProductsCreate");
      for (const [method, suffix] of [
        ["GET", ""],
        ["PATCH", ""],
        ["DELETE", ""],
        ["POST", "duplicate/"],
        ["GET", "reviews/"],
      ] as const) {
        const res = await t.inject({
          method,
          url: api(`/company/products/${theirProduct.id}/${suffix}`),
          headers: auth,
          ...(method === "PATCH" ? { payload: { name: "Volé" } } : {}),
        });
        expect(res.statusCode, `${method} ${suffix}`).toBe(404);
      }
    });

    it("keeps the GTIN, brand and page Google reads; refuses a wrong check digit or a page not http(s)", async () => {
      const created = await t.inject({
        method: "POST",
        url: api("/company/products/"),
        headers: auth,
        payload: {
          name: "Lampe Opale",
          gtin: "4006381333931",
          brand: " Lumière & Co ",
          url: "https://boutique.exemple.fr/lampe-opale",
        },
      });
      const product = expectMatchesContract<{ id: string }>(created, "companyProductsCreate");
      expect(product).toMatchObject({
        gtin: "4006381333931",
        brand: "Lumière & Co",
        url: "https://boutique.exemple.fr/lampe-opale",
      });
      const bad = await t.inject({
        method: "PATCH",
        url: api(`/company/products/${product.id}/`),
        headers: auth,
        payload: { gtin: "4006381333932", brand: "x".repeat(70), url: "javascript:alert(1)" },
      });
      expect(expectMatchesContract(bad, "companyProductsUpdate")).toEqual({
        gtin: ["Code GTIN invalide."],
        url: ["Indiquez l'adresse http(s) de la page du produit sur votre boutique."],
      });
      const multipart = multipartBody({ gtin: "", brand: "", url: "" }, []);
      const cleared = await t.inject({
        method: "PATCH",
        url: api(`/company/products/${product.id}/`),
        headers: { ...auth, ...multipart.headers },
        payload: multipart.payload,
      });
      expect(expectMatchesContract(cleared, "companyProductsUpdate")).toMatchObject({
        gtin: null,
        brand: null,
        url: null,
      });
    });

    it("enforces the plan's product limit with the spec's message", async () => {
      const small = await createCompanyFor(t, await registerVerifiedUser(t));
      const headers = authHeaders(small.owner.access);
      for (let i = 0; i < 3; i++) {
        const res = await t.inject({
          method: "POST",
          url: api("/company/products/"),
          headers,
          payload: { name: `P${i}` },
        });
        expect(res.statusCode).toBe(201);
      }
      const refused = await t.inject({
        method: "POST",
        url: api("/company/products/"),
        headers,
        payload: { name: "P3" },
      });
      expect(refused.statusCode).toBe(403);
      expect(expectMatchesContract(refused, "companyProductsCreate")).toEqual({
        detail: "Votre abonnement a atteint la limite de produits (3 produits).",
      });
    });

    it("takes an image by multipart (checked by magic bytes and size) and removes it with image: null", async () => {
      const postProduct = (body: { payload: Buffer; headers: Record<string, string> }) =>
        t.inject({
          method: "POST",
          url: api("/company/products/"),
          headers: { ...auth, ...body.headers },
          payload: body.payload,
        });
      const body = multipartBody(
        { name: "Lampe photo", status: "active", send_reminder: "false", form_id: "" },
        [{ name: "image", filename: "lampe.png", contentType: "image/png", data: fakePng() }],
      );
      const res = await postProduct(body);
      expect(res.statusCode, res.body).toBe(201);
      const product = expectMatchesContract<{ id: string; image_url: string }>(res, "companyProductsCreate");
      expect(product.image_url).toMatch(/^http:\/\/certavis\.test\/uploads\/products\/.+\.png$/);

      const fake = multipartBody({ name: "Faux" }, [
        {
          name: "image",
          filename: "photo.png",
          contentType: "image/png",
          data: Buffer.from("<script>alert(1)</script>"),
        },
      ]);
      const wrong = await postProduct(fake);
      expect(wrong.statusCode).toBe(400);
      expect(expectMatchesContract(wrong, "companyProductsCreate")).toEqual({
        image: ["Le fichier doit être une image (JPEG, PNG, GIF, WebP ou AVIF)."],
      });
      const video = multipartBody({ name: "Vidéo" }, [
        { name: "image", filename: "v.png", contentType: "image/png", data: fakeMp4() },
      ]);
      expect((await postProduct(video)).statusCode).toBe(400);
      const huge = multipartBody({ name: "Énorme" }, [
        { name: "image", filename: "big.png", contentType: "image/png", data: fakePng(6 * 1024 * 1024) },
      ]);
      const tooBig = await postProduct(huge);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json()).toEqual({ image: ["Le fichier dépasse la taille maximale de 5 Mo."] });

      // A body cut off mid-file (a dropped upload) is the client's mistake: a French 400, not a 500.
      const whole = multipartBody({ name: "Coupée" }, [
        { name: "image", filename: "cut.png", contentType: "image/png", data: fakePng(4096) },
      ]);
      const truncated = await postProduct({
        ...whole,
        payload: whole.payload.subarray(0, whole.payload.length - 2000),
      });
      expect(truncated.statusCode, truncated.body).toBe(400);
      expect(truncated.json()).toEqual({ detail: "Le corps multipart/form-data est invalide." });

      const cleared = await t.inject({
        method: "PATCH",
        url: api(`/company/products/${product.id}/`),
        headers: auth,
        payload: { image: null },
      });
      expect(
        expectMatchesContract<{ image_url: string | null }>(cleared, "companyProductsUpdate").image_url,
      ).toBeNull();
    });

    it("keeps an image URL only when https, without credentials, on a public host; stored normalised", async () => {
      const create = (image_url: string) =>
        t.inject({
          method: "POST",
          url: api("/company/products/"),
          headers: auth,
          payload: { name: "Lampe liée", status: "draft", image_url },
        });
      const refused = {
        image_url: [
          "Indiquez l'adresse https publique de l'image (sans identifiants, ni adresse locale ou privée).",
        ],
      };
      for (const url of [
        "http://127.0.0.1/lampe.png",
        'https://127.0.0.1/a.png" onerror="alert(1)',
        "https://127.0.0.9/lampe.png",
        "https://0x7f.1/lampe.png",
        "https://[::1]/lampe.png",
        "https://[::ffff:127.0.0.1]/lampe.png",
        "https://localhost/lampe.png",
        "https://cdn.localhost./lampe.png",
        "https://lampe:secret@127.0.0.1/lampe.png",
        "javascript:alert(1)",
        "/uploads/products/autre.png",
      ]) {
        const res = await create(url);
        expect(res.statusCode, url).toBe(400);
        expect(expectMatchesContract(res, "companyProductsCreate"), url).toEqual(refused);
      }
      const kept = await create('  HTTPS://X.Example/Lampe "Bleue".png  ');
      expect(kept.statusCode, kept.body).toBe(201);
      const { id, image_url } = expectMatchesContract<{ id: string; image_url: string }>(
        kept,
        "companyProductsCreate",
      );
      expect(image_url).toBe("https://x.example/Lampe%20%22Bleue%22.png");
      const [row] = await t.ctx.db.select().from(products).where(eq(products.id, id));
      expect(row?.imagePath).toBe("https://x.example/Lampe%20%22Bleue%22.png");
    });
  });

  describe("e-mail templates", () => {
    it("lists defaults first, creates, reads, patches delays, duplicates and deletes", async () => {
      const list = await t.inject({ method: "GET", url: api("/company/email-templates/"), headers: auth });
      const page = expectMatchesContract<{ results: { is_default: boolean; type: string }[] }>(
        list,
        "companyEmailTemplatesList",
      );
      expect(page.results.slice(0, 3).every((tpl) => tpl.is_default)).toBe(true);

      const missing = await t.inject({
        method: "POST",
        url: api("/company/email-templates/"),
        headers: auth,
        payload: { name: "Sans lien", subject: "Bonjour", type: "request", body: "Merci !" },
      });
      expect(missing.statusCode).toBe(400);
      expect(expectMatchesContract(missing, "companyEmailTemplatesCreate")).toEqual({
        body: ["Le contenu doit inclure la variable {{ url_avis }}."],
      });
      const thanks = await t.inject({
        method: "POST",
        url: api("/company/email-templates/"),
        headers: auth,
        payload: {
          name: "Merci bis",
          subject: "Merci",
          type: "thanks",
          body: "Merci {{ prenom_acheteur }} !",
        },
      });
      expect(thanks.statusCode).toBe(201);

      const created = await t.inject({
        method: "POST",
        url: api("/company/email-templates/"),
        headers: auth,
        payload: {
          name: "Demande courte",
          subject: "Votre avis ?",
          type: "request",
          body: "Ici : {{url_avis}}",
          send_after: 5,
        },
      });
      const template = expectMatchesContract<{ id: string; send_after: number; remind_after: null }>(
        created,
        "companyEmailTemplatesCreate",
      );
      expect(template).toMatchObject({ send_after: 5, remind_after: null });

      const delay = await t.inject({
        method: "PATCH",
        url: api(`/company/email-templates/${template.id}/`),
        headers: auth,
        payload: { send_after: 9 },
      });
      expect(expectMatchesContract(delay, "companyEmailTemplatesUpdate")).toMatchObject({
        send_after: 9,
        name: "Demande courte",
      });
      const got = await t.inject({
        method: "GET",
        url: api(`/company/email-templates/${template.id}/`),
        headers: auth,
      });
      expect(expectMatchesContract(got, "companyEmailTemplatesGet")).toMatchObject({ send_after: 9 });

      const locked = await t.inject({
        method: "PATCH",
        url: api(`/company/email-templates/${company.defaults.requestTemplateId}/`),
        headers: auth,
        payload: { type: "reminder" },
      });
      expect(locked.statusCode).toBe(400);
      expect(expectMatchesContract(locked, "companyEmailTemplatesUpdate")).toEqual({
        type: ["Le type d'un modèle par défaut ne peut pas être modifié."],
      });
      const toThanks = await t.inject({
        method: "PATCH",
        url: api(`/company/email-templates/${template.id}/`),
        headers: auth,
        payload: { type: "thanks" },
      });
      expect(expectMatchesContract(toThanks, "companyEmailTemplatesUpdate")).toEqual({
        type: ["Choisissez le type « Demande » ou « Rappel »."],
      });
      const toReminder = await t.inject({
        method: "PATCH",
        url: api(`/company/email-templates/${template.id}/`),
        headers: auth,
        payload: { type: "reminder", remind_after: 2 },
      });
      expect(expectMatchesContract(toReminder, "companyEmailTemplatesUpdate")).toMatchObject({
        type: "reminder",
        send_after: null,
        remind_after: 2,
      });
      const thanksLocked = await t.inject({
        method: "PATCH",
        url: api(`/company/email-templates/${thanks.json().id}/`),
        headers: auth,
        payload: { type: "request", body: "{{ url_avis }}" },
      });
      expect(expectMatchesContract(thanksLocked, "companyEmailTemplatesUpdate")).toEqual({
        type: ["Le type d'un modèle de remerciement ne peut pas être modifié."],
      });
      const remind = await t.inject({
        method: "PATCH",
        url: api(`/company/email-templates/${company.defaults.reminderTemplateId}/`),
        headers: auth,
        payload: { remind_after: 4 },
      });
      expect(expectMatchesContract(remind, "companyEmailTemplatesUpdate")).toMatchObject({
        remind_after: 4,
        type: "reminder",
      });

      const copy = await t.inject({
        method: "POST",
        url: api(`/company/email-templates/${company.defaults.requestTemplateId}/duplicate/`),
        headers: auth,
      });
      expect(expectMatchesContract(copy, "companyEmailTemplatesDuplicate")).toMatchObject({
        is_default: false,
        name: "Demande d'avis (copie)",
      });
      const noDelete = await t.inject({
        method: "DELETE",
        url: api(`/company/email-templates/${company.defaults.requestTemplateId}/`),
        headers: auth,
      });
      expect(noDelete.statusCode).toBe(400);
      const del = await t.inject({
        method: "DELETE",
        url: api(`/company/email-templates/${template.id}/`),
        headers: auth,
      });
      expect(del.statusCode).toBe(204);
      const cross = await t.inject({
        method: "GET",
        url: api(`/company/email-templates/${other.defaults.requestTemplateId}/`),
        headers: auth,
      });
      expect(cross.statusCode).toBe(404);
    });

    it("refuses custom templates on the free plan", async () => {
      const res = await t.inject({
        method: "POST",
        url: api("/company/email-templates/"),
        headers: authHeaders(other.owner.access),
        payload: { name: "Perso", subject: "Avis", type: "request", body: "{{ url_avis }}" },
      });
      expect(res.statusCode).toBe(403);
      expect(expectMatchesContract(res, "companyEmailTemplatesCreate")).toEqual({
        detail: "Votre abonnement ne permet pas de créer des modèles d'e-mail personnalisés.",
      });
    });
  });

  describe("forms", () => {
    const fields = [
      { id: "note", type: "rating", label: "Note", required: true, page: 0, position: 0 },
      { id: "avis", type: "textarea", label: "Votre avis", required: false, page: 0, position: 1 },
      {
        id: "photo",
        type: "media",
        label: "Photo",
        required: false,
        page: 1,
        position: 0,
        allow_images: true,
      },
    ];

    it("applies the save rules, creates, reads, updates, duplicates and deletes forms", async () => {
      const bad = await t.inject({
        method: "POST",
        url: api("/company/forms/"),
        headers: auth,
        payload: { name: " ", title: "Titre", schema: [{ ...fields[1] }] },
      });
      expect(bad.statusCode).toBe(400);
      expect(expectMatchesContract(bad, "companyFormsCreate")).toEqual({
        name: ["Ce champ ne peut être vide."],
        schema: ["Ajoutez au moins deux champs au formulaire.", "Marquez au moins un champ comme requis."],
      });
      const created = await t.inject({
        method: "POST",
        url: api("/company/forms/"),
        headers: auth,
        payload: { name: "Complet", title: "Votre avis", schema: fields },
      });
      expect(created.statusCode, created.body).toBe(201);
      const form = expectMatchesContract<{ id: string; fields_count: number }>(created, "companyFormsCreate");
      expect(form.fields_count).toBe(3);
      const got = await t.inject({ method: "GET", url: api(`/company/forms/${form.id}/`), headers: auth });
      expect(expectMatchesContract(got, "companyFormsGet")).toMatchObject({
        name: "Complet",
        is_default: false,
      });
      const updated = await t.inject({
        method: "PATCH",
        url: api(`/company/forms/${form.id}/`),
        headers: auth,
        payload: { title: "Nouveau titre" },
      });
      expect(expectMatchesContract(updated, "companyFormsUpdate")).toMatchObject({
        title: "Nouveau titre",
        fields_count: 3,
      });
      const copy = await t.inject({
        method: "POST",
        url: api(`/company/forms/${form.id}/duplicate/`),
        headers: auth,
      });
      expect(expectMatchesContract(copy, "companyFormsDuplicate")).toMatchObject({ name: "Complet (copie)" });
      const list = await t.inject({ method: "GET", url: api("/company/forms/"), headers: auth });
      const page = expectMatchesContract<{ results: { is_default: boolean }[] }>(list, "companyFormsList");
      expect(page.results[0]?.is_default).toBe(true);
      expect(
        (
          await t.inject({
            method: "DELETE",
            url: api(`/company/forms/${company.defaults.formId}/`),
            headers: auth,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await t.inject({ method: "DELETE", url: api(`/company/forms/${form.id}/`), headers: auth }))
          .statusCode,
      ).toBe(204);
      expect(
        (
          await t.inject({
            method: "GET",
            url: api(`/company/forms/${other.defaults.formId}/`),
            headers: auth,
          })
        ).statusCode,
      ).toBe(404);
    });

    it("accepts spec §7's payload {name, title, schema, fields}: fields alone, both equal, not both different", async () => {
      const post = (payload: object) =>
        t.inject({ method: "POST", url: api("/company/forms/"), headers: auth, payload });
      const spec = await post({ name: "Spec §7", title: "Votre avis", schema: fields, fields });
      expect(spec.statusCode, spec.body).toBe(201);
      expect(expectMatchesContract(spec, "companyFormsCreate")).toMatchObject({
        fields_count: 3,
        schema: fields.map((f) => expect.objectContaining({ id: f.id })),
      });
      const onlyFields = await post({ name: "Champs", title: "Votre avis", fields });
      expect(onlyFields.statusCode, onlyFields.body).toBe(201);
      expect(onlyFields.json().fields_count).toBe(3);
      const different = await post({
        name: "Autre",
        title: "Votre avis",
        schema: fields,
        fields: fields.slice(0, 2),
      });
      expect(different.statusCode).toBe(400);
      expect(expectMatchesContract(different, "companyFormsCreate")).toEqual({
        fields: ["Les listes « fields » et « schema » doivent être identiques."],
      });
      const none = await post({ name: "Vide", title: "Votre avis" });
      expect(none.statusCode).toBe(400);
      expect(expectMatchesContract(none, "companyFormsCreate")).toEqual({
        schema: ["Ce champ est obligatoire."],
      });
      const id = spec.json().id as string;
      const patched = await t.inject({
        method: "PATCH",
        url: api(`/company/forms/${id}/`),
        headers: auth,
        payload: { fields: fields.slice(0, 2) },
      });
      expect(expectMatchesContract(patched, "companyFormsUpdate")).toMatchObject({ fields_count: 2 });
    });

    it.each([
      [0.5, 400],
      [1, 201],
      [50, 201],
      [51, 400],
      [1000, 400],
    ])(
      "a file field's max_size_mb of %s answers %s (1..50 MB, French 400 on the field)",
      async (size, status) => {
        const withFile = [
          fields[0],
          {
            id: "doc",
            type: "file",
            label: "Facture",
            required: false,
            page: 0,
            position: 1,
            max_size_mb: size,
          },
        ];
        const res = await t.inject({
          method: "POST",
          url: api("/company/forms/"),
          headers: auth,
          payload: { name: `Taille ${size}`, title: "Votre avis", schema: withFile },
        });
        expect(res.statusCode, res.body).toBe(status);
        if (status === 400)
          expect(expectMatchesContract(res, "companyFormsCreate")).toEqual({
            "schema.1.max_size_mb": [
              size < 1
                ? "Assurez-vous que cette valeur est supérieure ou égale à 1."
                : "Assurez-vous que cette valeur est inférieure ou égale à 50.",
            ],
          });
      },
    );

    it("keeps every field type and option of spec §3, pages normalised; refuses a select with one option", async () => {
      const every = [
        {
          id: "nom",
          name: "nom",
          type: "text",
          label: "Nom",
          required: true,
          page: 2,
          position: 5,
          min_length: 2,
          max_length: 80,
          placeholder: "Votre nom",
        },
        { id: "age", type: "number", label: "Âge", required: false, page: 2, position: 7, min: 18, max: 99 },
        { id: "mail", type: "email", label: "E-mail", required: false, page: 2, position: 9 },
        {
          id: "avis",
          type: "textarea",
          label: "Avis",
          required: false,
          page: 2,
          position: 11,
          max_length: 2000,
          help_text: "Sans données personnelles",
        },
        {
          id: "note",
          type: "rating",
          label: "Note",
          required: true,
          page: 4,
          position: 0,
          rating_max: 10,
          rating_type: "slider",
        },
        {
          id: "taille",
          type: "select",
          label: "Taille",
          required: false,
          page: 4,
          position: 1,
          options: ["S", "M"],
        },
        { id: "pays", type: "dropdown", label: "Pays", required: false, page: 4, position: 2, options: [] },
        {
          id: "atouts",
          type: "checkbox",
          label: "Atouts",
          required: false,
          page: 4,
          position: 3,
          options: ["Prix", "Qualité", "Livraison"],
        },
        {
          id: "facture",
          type: "file",
          label: "Facture",
          required: false,
          page: 4,
          position: 4,
          accept: "application/pdf,image/*",
          multiple: false,
          max_size_mb: 5,
        },
        {
          id: "photos",
          type: "media",
          label: "Photos",
          required: false,
          page: 4,
          position: 5,
          allow_images: true,
          allow_videos: true,
          max_count: 3,
          max_size_mb: 20,
          multiple: true,
        },
      ];
      const res = await t.inject({
        method: "POST",
        url: api("/company/forms/"),
        headers: auth,
        payload: { name: "Tous les champs", title: "Tout", description: "Intro", schema: every },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = expectMatchesContract<{ id: string }>(res, "companyFormsCreate").id;
      const got = expectMatchesContract<{ schema: { id: string; page: number; position: number }[] }>(
        await t.inject({ method: "GET", url: api(`/company/forms/${id}/`), headers: auth }),
        "companyFormsGet",
      );
      expect(got.schema).toEqual(
        every.map((field, index) => ({
          ...field,
          page: index < 4 ? 0 : 1,
          position: index < 4 ? index : index - 4,
        })),
      );
      const oneOption = await t.inject({
        method: "PATCH",
        url: api(`/company/forms/${id}/`),
        headers: auth,
        payload: { schema: [every[4], { ...every[5], options: ["S"] }] },
      });
      expect(oneOption.statusCode).toBe(400);
      expect(expectMatchesContract(oneOption, "companyFormsUpdate")).toEqual({
        schema: ["Ce champ doit proposer au moins deux options."],
      });
    });

    it("refuses custom forms on the free plan", async () => {
      const res = await t.inject({
        method: "POST",
        url: api("/company/forms/"),
        headers: authHeaders(other.owner.access),
        payload: { name: "Perso", title: "Avis", schema: fields.slice(0, 2) },
      });
      expect(res.statusCode).toBe(403);
      expect(expectMatchesContract(res, "companyFormsCreate")).toEqual({
        detail: "Votre abonnement ne permet pas de créer des formulaires personnalisés.",
      });
    });

    it("lets a member read but not change the catalogue", async () => {
      const member = await addMember(t, company, "member");
      const read = await t.inject({
        method: "GET",
        url: api("/company/forms/"),
        headers: authHeaders(member.access),
      });
      expect(read.statusCode).toBe(200);
    });
  });
});
