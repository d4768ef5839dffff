import { planLimits, productLimitMessage } from "@certavis/domain";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../../db/client";
import { insertWithinPlan } from "../../db/company-lock";
import { companies, products } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { type FieldErrors, fieldErrors, forbidden, notFound } from "../../http/errors";
import { isMultipart, type MultipartBody, streamMultipart } from "../../http/multipart";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { isStoredImage } from "../../lib/image-url";
import { sniffFileType } from "../../lib/sniff";
import { type FileStorage, removeStored } from "../../lib/storage";
import {
  type ProductChanges,
  type ProductPayload,
  payloadFromMultipart,
  resolveProductPayload,
} from "./product-input";
import { getProductView, listProductViews } from "./product-views";

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPE_ERROR = "Le fichier doit être une image (JPEG, PNG, GIF, WebP ou AVIF).";

async function assertProductRoom(db: DbOrTx, companyId: string): Promise<void> {
  const [company] = await db
    .select({ planType: companies.planType })
    .from(companies)
    .where(eq(companies.id, companyId));
  const limit = planLimits(company?.planType).max_products;
  if (limit === null) return;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.companyId, companyId));
  if ((row?.n ?? 0) >= limit) throw forbidden(productLimitMessage(limit));
}

/**
 * The payload of a create/update (JSON or multipart); the image, once its first bytes say it is one,
 * streams to the storage as it arrives. The caller removes it (`imagePath`) if the request fails.
 */
async function readProductRequest(request: FastifyRequest, storage: FileStorage) {
  const errors: FieldErrors = {};
  if (!isMultipart(request))
    return { payload: (request.body ?? {}) as ProductPayload, imagePath: null, errors };
  const stored: string[] = [];
  let body: MultipartBody<null>;
  try {
    body = await streamMultipart(
      request,
      { maxFileBytes: PRODUCT_IMAGE_MAX_BYTES, maxFiles: 1 },
      async (file) => {
        const type = sniffFileType(file.head);
        if (file.field !== "image") errors[file.field] = ["Champ inconnu."];
        else if (type?.kind !== "image") errors.image = [IMAGE_TYPE_ERROR];
        else stored.push(await storage.save("products", type.extension, file.stream));
        return null;
      },
    );
  } catch (error) {
    await removeStored(storage, stored);
    throw error;
  }
  return { payload: payloadFromMultipart(body.fields, errors), imagePath: stored[0] ?? null, errors };
}

async function findProduct(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, id)));
  if (!row) throw notFound();
  return row;
}

export const productHandlers = defineHandlers({
  companyProductsList: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    const page = pageParams(request.query);
    const { count, results } = await listProductViews(db, storage, companyId, page);
    return paged(request, page, count, results);
  },

  companyProductsCreate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    await assertProductRoom(db, companyId);
    const { payload, imagePath, errors } = await readProductRequest(request, storage);
    try {
      const changes = await resolveProductPayload(db, companyId, payload, { creating: true }, errors);
      if (Object.keys(errors).length) throw fieldErrors(errors);
      if (imagePath) changes.imagePath = imagePath;
      const at = now();
      const { id } = await insertWithinPlan(db, companyId, assertProductRoom, (tx) =>
        tx
          .insert(products)
          .values({
            ...(changes as Required<Pick<ProductChanges, "name">> & ProductChanges),
            companyId,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: products.id }),
      );
      reply.code(201);
      return await getProductView(db, storage, companyId, id);
    } catch (error) {
      await removeStored(storage, [imagePath]);
      throw error;
    }
  },

  companyProductsGet: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    return await getProductView(db, storage, companyId, request.params.id);
  },

  companyProductsUpdate: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    const current = await findProduct(db, companyId, request.params.id);
    const { payload, imagePath, errors } = await readProductRequest(request, storage);
    let changes: ProductChanges;
    try {
      changes = await resolveProductPayload(
        db,
        companyId,
        payload,
        { creating: false, productId: current.id, current },
        errors,
      );
      if (Object.keys(errors).length) throw fieldErrors(errors);
      if (imagePath) changes.imagePath = imagePath;
      await db
        .update(products)
        .set({ ...changes, updatedAt: now() })
        .where(and(eq(products.companyId, companyId), eq(products.id, current.id)));
    } catch (error) {
      await removeStored(storage, [imagePath]);
      throw error;
    }
    if (
      "imagePath" in changes &&
      changes.imagePath !== current.imagePath &&
      isStoredImage(current.imagePath)
    ) {
      const [stillUsed] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.imagePath, current.imagePath))
        .limit(1);
      if (!stillUsed) await storage.remove(current.imagePath);
    }
    return await getProductView(db, storage, companyId, current.id);
  },

  companyProductsDelete: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    const current = await findProduct(db, companyId, request.params.id);
    // Orders, reviews, their files and e-mail deliveries go with it (ON DELETE CASCADE).
    await db.delete(products).where(and(eq(products.companyId, companyId), eq(products.id, current.id)));
    if (isStoredImage(current.imagePath)) {
      const [stillUsed] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.imagePath, current.imagePath))
        .limit(1);
      if (!stillUsed) await storage.remove(current.imagePath);
    }
    reply.code(204);
  },

  companyProductsDuplicate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    const current = await findProduct(db, companyId, request.params.id);
    const at = now();
    const { id } = await insertWithinPlan(db, companyId, assertProductRoom, (tx) =>
      tx
        .insert(products)
        .values({
          companyId,
          name: `${current.name} (copie)`.slice(0, 200),
          description: current.description,
          status: "draft",
          sku: null,
          imagePath: current.imagePath,
          sendReminder: current.sendReminder,
          emailRequestTemplateId: current.emailRequestTemplateId,
          emailReminderTemplateId: current.emailReminderTemplateId,
          formId: current.formId,
          initialEmailDelayDays: current.initialEmailDelayDays,
          followUpDelayDays: current.followUpDelayDays,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: products.id }),
    );
    reply.code(201);
    return await getProductView(db, storage, companyId, id);
  },
});
