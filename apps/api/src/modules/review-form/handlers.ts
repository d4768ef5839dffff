import { DEFAULT_PLAN_TYPE, type FormField, normalizePlanType } from "@certavis/domain";
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
import { onReviewSubmitted } from "../pipeline/schedule";
import { queueNegativeReviewAlert } from "../review-alerts/negative-alert";
import { recordReviewEvents } from "../review-trail/review-events";
import { formForBuyer, shopForBuyer } from "./buyer-view";
import { reviewFormPreview } from "./review-form-preview";
import { orderForReviewKey } from "./review-key-lookup";
import { checkSubmission, ratingOf, readSubmission, textsOf } from "./submission";

export const reviewFormHandlers = defineHandlers({
  reviewFormGet: async (request) => {
    const { db, storage, now } = request.server.ctx;
    const { order, product, company, form } = await orderForReviewKey(db, request.query.api_key, now());
    return {
      form: formForBuyer(form),
      company: shopForBuyer(company, storage, await companyContactEmail(db, company.id)),
      product: {
        id: product.id,
        name: product.name,
        image: publicImageUrl(storage, product.imagePath),
        description: product.description || null,
      },
      order: {
        reference: order.reference,
        order_date: order.orderDate.toISOString(),
        buyer_first_name: order.buyerFirstName,
      },
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
      before.form.schema as FormField[],
      normalizePlanType(before.company.planType) ?? DEFAULT_PLAN_TYPE,
      { storage, folder: `reviews/${before.company.id}` },
    );
    try {
      const submitted = await db.transaction(async (tx) => {
        const at = now();
        const { order, product, company, form } = await orderForReviewKey(tx, key, at, true);
        const fields = form.schema as FormField[];
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
        return { id: review.id, status, companyId: company.id };
      });
      request.server.pipeline?.notify();
      // Published at once (Certavis mode, clean): the public copies go.
      if (submitted.status === "approved") reviewsChanged(submitted.companyId);
      reply.code(201);
      return { id: submitted.id, status: submitted.status };
    } catch (error) {
      await removeStored(
        storage,
        submission.files.map((file) => file.path),
      );
      throw error;
    }
  },
});
