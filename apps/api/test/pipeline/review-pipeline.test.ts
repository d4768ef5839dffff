import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, forms } from "../../src/db/schema";
import { manualClock } from "../../src/modules/pipeline";
import {
  authHeaders,
  createCompanyFor,
  createTestApp,
  expectMatchesContract,
  registerVerifiedUser,
  TEST_DATABASES,
  type TestApp,
} from "../helpers";

describe.each(TEST_DATABASES)("the review pipeline on %s", (kind) => {
  const clock = manualClock(new Date());
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, now: () => clock.now() });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("the review pipeline, end to end with a real SMTP server", () => {
    it("order → request e-mail → form → submission → moderation → public widget; used key refused; reminder cancelled", async () => {
      const owner = await registerVerifiedUser(t);
      const company = await createCompanyFor(t, owner, { planType: "CROISSANCE" });
      const auth = authHeaders(owner.access);

      const created = await t.inject({
        method: "POST",
        url: "/api/v1/company/products/",
        headers: auth,
        payload: {
          name: "Lampe Aurore",
          status: "active",
          sku: "LAMP-001",
          form_id: company.defaults.formId,
          email_request_template_id: company.defaults.requestTemplateId,
          email_reminder_template_id: company.defaults.reminderTemplateId,
          send_reminder: true,
        },
      });
      expect(created.statusCode).toBe(201);
      const product = expectMatchesContract<{ id: string }>(created, "companyProductsCreate");

      const threeDaysAgo = new Date(clock.now().getTime() - 3 * 86_400_000).toISOString();
      const orderBody = {
        sku: "LAMP-001",
        buyer_email: "lea.bernard@exemple.fr",
        buyer_first_name: "Léa",
        buyer_last_name: "Bernard",
        reference: "CMD-0042",
        order_date: threeDaysAgo,
      };
      const orderRes = await t.inject({
        method: "POST",
        url: "/api/v1/orders/",
        headers: { "x-api-key": company.apiKey },
        payload: orderBody,
      });
      expect(orderRes.statusCode).toBe(201);
      const order = expectMatchesContract<{ id: string; review_url: string; product: { id: string } }>(
        orderRes,
        "ordersCreate",
      );
      expect(order.product.id).toBe(product.id);
      const again = await t.inject({
        method: "POST",
        url: "/api/v1/orders/",
        headers: { "x-api-key": company.apiKey },
        payload: orderBody,
      });
      expect(again.statusCode).toBe(200);
      expect(expectMatchesContract<{ id: string; review_url: string }>(again, "ordersCreate")).toMatchObject({
        id: order.id,
        review_url: order.review_url,
      });

      const request = await t.smtp.waitForMail((m) => m.to.includes("lea.bernard@exemple.fr"), 10_000);
      expect(request.subject).toBe("Votre avis sur Lampe Aurore compte pour nous");
      const link = request.links.find((l) => l.includes("/create-reviews?api_key="));
      expect(link).toBeDefined();
      expect(request.html).toContain(`<a href="${link}">`);
      expect(request.text).toContain(link);
      const key = new URL(link as string).searchParams.get("api_key") as string;
      expect(link).toBe(order.review_url);

      const formRes = await t.inject({
        method: "GET",
        url: `/api/v1/review/?api_key=${encodeURIComponent(key)}`,
      });
      expect(formRes.statusCode).toBe(200);
      const publicForm = expectMatchesContract<{
        form: { schema: { id: string }[] };
        product: { name: string };
      }>(formRes, "reviewFormGet");
      expect(publicForm.product.name).toBe("Lampe Aurore");
      expect(publicForm.form.schema.map((f) => f.id)).toEqual(["rating", "title", "comment", "photos"]);

      const submitUrl = `/api/v1/review/?api_key=${encodeURIComponent(key)}`;
      const answers = { rating: 4.5, comment: "Très belle lampe, livraison rapide." };
      // Whole stars by default: a half is refused in French, nothing is recorded.
      const half = await t.inject({ method: "POST", url: submitUrl, payload: { answers } });
      expect(half.statusCode).toBe(400);
      expect(half.body).toContain("Choisissez une note entière.");
      // Half steps once the form's field asks for them.
      const [form] = await t.ctx.db.select().from(forms).where(eq(forms.companyId, company.id));
      await t.ctx.db
        .update(forms)
        .set({
          schema: (form?.schema ?? []).map((field) =>
            (field as { id: string }).id === "rating"
              ? { ...(field as object), rating_half_steps: true }
              : field,
          ),
        })
        .where(eq(forms.companyId, company.id));
      const submitted = await t.inject({ method: "POST", url: submitUrl, payload: { answers } });
      expect(submitted.statusCode).toBe(201);
      const review = expectMatchesContract<{ id: string; status: string }>(submitted, "reviewSubmit");
      expect(review.status).toBe("pending");

      const thanks = await t.smtp.waitForMail((m) => m.subject.startsWith("Merci pour votre avis"), 10_000);
      expect(thanks.to).toEqual(["lea.bernard@exemple.fr"]);

      const second = await t.inject({ method: "POST", url: submitUrl, payload: { answers } });
      expect(second.statusCode).toBe(403);
      expect(expectMatchesContract<{ detail: string }>(second, "reviewSubmit").detail).toBe(
        "Un avis a déjà été déposé pour cette commande.",
      );
      const reload = await t.inject({ method: "GET", url: submitUrl });
      expect(reload.statusCode).toBe(403);

      const [reminder] = await t.ctx.db
        .select()
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.orderId, order.id), eq(emailDeliveries.kind, "reminder")));
      expect(reminder?.status).toBe("cancelled");

      const pending = await t.inject({
        method: "GET",
        url: "/api/v1/company/reviews/?status=pending",
        headers: auth,
      });
      const list = expectMatchesContract<{ results: { id: string; rating: number; answers: unknown[] }[] }>(
        pending,
        "companyReviewsList",
      );
      expect(list.results).toHaveLength(1);
      expect(list.results[0]).toMatchObject({
        id: review.id,
        rating: 4.5,
        answers: [
          { id: "rating", label: "Quelle note donnez-vous à ce produit ?", type: "rating", value: 4.5 },
          { id: "comment", label: "Votre commentaire", type: "textarea", value: answers.comment },
        ],
      });

      const before = await t.inject({
        method: "GET",
        url: `/api/v1/public/reviews/?company_id=${company.id}`,
      });
      expect(expectMatchesContract<{ reviews: unknown[] }>(before, "publicReviewsGet").reviews).toHaveLength(
        0,
      );

      const approve = await t.inject({
        method: "PATCH",
        url: `/api/v1/company/reviews/${review.id}/`,
        headers: auth,
        payload: { status: "approved" },
      });
      expect(expectMatchesContract<{ status: string }>(approve, "companyReviewsUpdate").status).toBe(
        "approved",
      );
      const stale = await t.inject({
        method: "PATCH",
        url: `/api/v1/company/reviews/${review.id}/`,
        headers: auth,
        payload: { status: "approved" },
      });
      // A second click on "Valider l'avis" (the review changed meanwhile): 409.
      expect(stale.statusCode).toBe(409);
      expect(expectMatchesContract<{ detail: string }>(stale, "companyReviewsUpdate").detail).toBe(
        "Cet avis a déjà été modéré.",
      );

      const widget = await t.inject({
        method: "GET",
        url: `/api/v1/public/reviews/?company_id=${company.id}&product_id=${product.id}`,
        headers: { origin: "https://boutique.example" },
      });
      expect(widget.statusCode).toBe(200);
      expect(widget.headers["cache-control"]).toContain("max-age=60");
      expect(widget.headers["access-control-allow-origin"]).toBe("*");
      const body = expectMatchesContract<{
        reviews: { id: string; author_name: string; comment: string }[];
        metrics: { average_note: number; reviews_count: number };
      }>(widget, "publicReviewsGet");
      expect(body.reviews).toEqual([
        expect.objectContaining({ id: review.id, author_name: "Léa B.", comment: answers.comment }),
      ]);
      expect(body.metrics).toEqual({ average_note: 4.5, reviews_count: 1 });
      const etag = widget.headers.etag as string;
      const notModified = await t.inject({
        method: "GET",
        url: `/api/v1/public/reviews/?company_id=${company.id}&product_id=${product.id}`,
        headers: { "if-none-match": etag },
      });
      expect(notModified.statusCode).toBe(304);

      // Weeks later: the cancelled reminder never goes out; exactly one e-mail per kind.
      clock.advanceDays(30);
      await t.app.pipeline.drain();
      const mails = t.smtp.mailsTo("lea.bernard@exemple.fr");
      expect(mails.map((m) => m.subject)).toEqual([request.subject, thanks.subject]);
    });
  });
});
