/**
 * One review submission may not carry more than its plan's total (CROISSANCE 50 Mo), and a
 * file refused for its size is refused with the limit that really applies (never a form's 1000 Mo).
 */
import { SUBMISSION_UPLOAD_MB } from "@certavis/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../src/db/schema";
import { createTestApp, TEST_DATABASES, type TestApp } from "./helpers";
import { type MediaFormProduct, mediaFormProduct } from "./helpers/media-form";
import { fakePng, multipartBody } from "./pipeline/multipart";

const MB = 1024 * 1024;

describe.each(TEST_DATABASES)("upload limits of one review submission (%s)", (kind) => {
  let t: TestApp;
  let setup: MediaFormProduct;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    // A form saved before `max_size_mb` was bounded: 1000 Mo per file, ten files.
    setup = await mediaFormProduct(t, { id: "photos", max_size_mb: 1000, max_count: 10 });
  });
  afterAll(async () => {
    await t?.close();
  });
  const reviewUrl = () => setup.reviewPath();

  function submission(sizes: number[]) {
    return multipartBody(
      { answers: JSON.stringify({ note: 5 }) },
      sizes.map((size, i) => ({
        name: "file:photos",
        filename: `p${i}.png`,
        contentType: "image/png",
        data: fakePng(size),
      })),
    );
  }

  it("says the per-file limit that applies (50 Mo), not the form's 1000 Mo", async () => {
    const body = submission([55 * MB]);
    const response = await t.inject({ method: "POST", url: await reviewUrl(), ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ photos: ["Chaque fichier doit faire au plus 50 Mo."] });
  });

  it("refuses a submission whose files together exceed the plan's total, and keeps nothing", async () => {
    expect(SUBMISSION_UPLOAD_MB.CROISSANCE).toBe(50);
    const url = await reviewUrl();
    const body = submission([20 * MB, 20 * MB, 20 * MB]);
    const response = await t.inject({ method: "POST", url, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ["L'ensemble des fichiers d'un avis doit faire au plus 50 Mo."],
    });
    expect(await t.ctx.db.select().from(reviews).where(eq(reviews.productId, setup.productId))).toHaveLength(
      0,
    );

    const within = await t.inject({ method: "POST", url, ...submission([20 * MB, 20 * MB]) });
    expect(within.statusCode, within.body).toBe(201);
  });
});
