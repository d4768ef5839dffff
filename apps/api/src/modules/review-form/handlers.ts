import { DEFAULT_PLAN_TYPE, normalizePlanType } from "@certavis/domain";
import { eq } from "drizzle-orm";
import { companyContactEmail } from "../../db/company-contact";
import { orders, reviewFiles, reviews } from "../../db/schema";
import { defineHandlers } from "../../http/operation-types";
import { publicImageUrl } from "../../lib/image-url";
import { hashReviewKey } from "../../lib/review-key";
import { reviewsChanged } from "../../lib/reviews-changed";
import { removeStored } from "../../lib/storage";
import { deriveWithdrawalToken } from "../certification/withdrawal-token";
import { checkNewReview } from "../moderation/automatic-checks";
import { otherProductsToReview } from "../pipeline/other-products";
import { onReviewSubmitted } from "../pipeline/schedule";
import { queueNegativeReviewAlert } from "../review-alerts/negative-alert";
import { recordReviewEvents } from "../review-trail/review-events";
import { buyerFields, formForBuyer, shopForBuyer } from "./buyer-view";
import { orderAround, storeQuestionFor } from "./order-around";
import { reviewFormPreview } from "./review-form-preview";
import { orderForReviewKey } from "./review-key-lookup";
import { orderForStoreKey, submitStoreReview } from "./store-review";
import { checkSubmission, ratingOf, readSubmission, textsOf } from "./submission";

export const reviewFormHandlers = defineHandlers({
  reviewFormGet: async (request) => {
    const { db, storage, now } = request.server.ctx;
    const key = request.query.api_key;
    const { order, product, company, form } = await orderForReviewKey(db, key, now());
    const { storeQuestion, otherProducts } = await orderAround(db, storage, request.server.ctx.keys, {
      order,
      company,
      key,
    });
    return {
      form: formForBuyer(form, company.planType),
      company: shopForBuyer(company, storage, await companyContactEmail(db, company.id)),
      product: {
        id: product.id,
        name: product.name,
        image: publicImageUrl(storage, product.imagePath),
        description: product.description || null,
      },
      store_question: storeQuestion,
      other_products: otherProducts,
      order: {
        reference: order.reference,
        order_date: order.orderDate.toISOString(),
        buyer_first_name: order.buyerFirstName,
      },
    };
  },

  storeReviewFormGet: async (request) => {
    const { db, storage, now } = request.server.ctx;
    const { order, company } = await orderForStoreKey(db, request.query.api_key, now());
    return {
      company: { name: company.name, logo: publicImageUrl(storage, company.logoPath) },
      order: { reference: order.reference, buyer_first_name: order.buyerFirstName },
    };
  },

  storeReviewSubmit: async (request, reply) => {
    const { db, now, keys, config } = request.server.ctx;
    const at = now();
    const { id, status, companyId, others } = await db.transaction(async (tx) => {
      const submitted = await submitStoreReview(tx, {
        key: request.query.api_key,
        body: request.body,
        now: at,
        keys,
        publicUrl: config.publicUrl,
      });
      // The same automatic checks as a product review's (Certavis mode: a clean one is published).
      const { title, comment } = submitted;
      const checked = await checkNewReview(
        tx,
        { companyId: submitted.head.companyId, reviewId: submitted.id, title, comment, at },
        keys.all("review-key")[0] ?? "",
      );
      // The products of the order still to review: the page leads to them.
      const products = await otherProductsToReview(
        tx,
        submitted.head,
        { formUrl: config.formUrl, secrets: keys.all("review-key") },
        at,
        true,
      );
      return { id: submitted.id, status: checked, companyId: submitted.head.companyId, others: products };
    });
    request.server.pipeline?.notify();
    if (status === "approved") reviewsChanged(companyId);
    reply.code(201);
    return {
      id,
      status,
      others: others.map((other) => ({ product_name: other.productName, review_url: other.reviewUrl })),
      store_question: null,
    };
  },

  reviewFormPreview: async (request) => reviewFormPreview(request.server.ctx, request.query.company_id),

  reviewSubmit: async (request, reply) => {
    const { db, storage, now, keys } = request.server.ctx;
    const key = request.query.api_key;
    // A bad key is refused before reading any upload; the form bounds what the read may take.
    const before = await orderForReviewKey(db, key, now());
    const submission = await readSubmission(
      request,
      buyerFields(before.form, before.company.planType),
      normalizePlanType(before.company.planType) ?? DEFAULT_PLAN_TYPE,
      { storage, folder: `reviews/${before.company.id}` },
    );
    try {
      const submitted = await db.transaction(async (tx) => {
        const at = now();
        const { order, product, company, form } = await orderForReviewKey(tx, key, at, true);
        const fields = buyerFields(form, company.planType);
        const { clean, files } = checkSubmission(
          fields,
          company.planType,
          submission.answers,
          submission.files,
        );
        for (const file of files) {
          const list = clean[file.fieldId] as { name: string; url?: string | null }[];
          const entry = list.find((item) => item.url === undefined && item.name === file.filename);
          if (entry) entry.url = storage.url(file.path);
        }
        const { comment, title } = textsOf(fields, clean);
        const [review] = await tx
          .insert(reviews)
          .values({
            companyId: company.id,
            productId: product.id,
            orderId: order.id,
            rating: ratingOf(fields, clean).toFixed(2),
            title,
            comment,
            authorFirstName: order.buyerFirstName,
            authorLastName: order.buyerLastName,
            answers: clean,
            formSnapshot: fields,
            status: "pending",
            createdAt: at,
            withdrawalTokenHash: hashReviewKey(
              deriveWithdrawalToken(keys.all("review-key")[0] ?? "", order.id),
            ),
          })
          .returning({ id: reviews.id });
        if (!review) throw new Error("review not created");
        await recordReviewEvents(tx, [
          {
            companyId: company.id,
            reviewId: review.id,
            kind: "submitted",
            actor: { kind: "author" },
            toStatus: "pending",
            at,
          },
        ]);
        if (files.length) {
          await tx.insert(reviewFiles).values(
            files.map((file) => ({
              companyId: company.id,
              reviewId: review.id,
              fieldId: file.fieldId,
              path: file.path,
              mimeType: file.type.mime,
              sizeBytes: file.size,
            })),
          );
        }
        const status = await checkNewReview(
          tx,
          { companyId: company.id, reviewId: review.id, title, comment, at },
          keys.all("review-key")[0] ?? "",
        );
        await tx.update(orders).set({ reviewKeyUsedAt: at }).where(eq(orders.id, order.id));
        await onReviewSubmitted(tx, order, at);
        const others = await otherProductsToReview(
          tx,
          order,
          { formUrl: request.server.ctx.config.formUrl, secrets: keys.all("review-key") },
          at,
        );
        // The thank-you page offers the question about the shop while the order has no store review.
        const storeQuestion = await storeQuestionFor(tx, { order, company, key });
        const rating = Number(ratingOf(fields, clean).toFixed(2));
        await queueNegativeReviewAlert(
          tx,
          {
            companyId: company.id,
            companyName: company.name,
            productName: product.name,
            rating,
            authorFirstName: order.buyerFirstName,
            title,
            comment,
          },
          at,
          request.server.ctx.config.publicUrl,
        );
        return {
          id: review.id,
          status,
          companyId: company.id,
          others: others.map((other) => ({ product_name: other.productName, review_url: other.reviewUrl })),
          storeQuestion,
        };
      });
      request.server.pipeline?.notify();
      // Published at once (Certavis mode, clean): the public copies go.
      if (submitted.status === "approved") reviewsChanged(submitted.companyId);
      reply.code(201);
      return {
        id: submitted.id,
        status: submitted.status,
        others: submitted.others,
        store_question: submitted.storeQuestion,
      };
    } catch (error) {
      await removeStored(
        storage,
        submission.files.map((file) => file.path),
      );
      throw error;
    }
  },
});
