import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { products, reviews } from "../../db/schema";
import { removeBuriedFiles } from "../../lib/file-tombstones";
import { isStoredImage } from "../../lib/image-url";
import { reviewFilePaths } from "../certification/review-files";

/** Stored files of a company (logo, product images, review photos and videos), read before it is deleted. */
export async function companyFiles(db: DbOrTx, companyId: string, logoPath: string | null) {
  const rows = await db
    .select({ imagePath: products.imagePath })
    .from(products)
    .where(eq(products.companyId, companyId));
  const paths = new Set<string>();
  if (isStoredImage(logoPath)) paths.add(logoPath);
  for (const row of rows) if (isStoredImage(row.imagePath)) paths.add(row.imagePath);
  for (const path of await reviewFilePaths(db, eq(reviews.companyId, companyId))) paths.add(path);
  return { paths: [...paths], reviewUploadsFolder: `reviews/${companyId}` };
}

/**
 * After the company's deletion: its known files, recorded as tombstones in that transaction, are
 * deleted now or retried until the storage confirms (`lib/file-tombstones`); the sweep of its review
 * uploads folder (a file saved while it was deleted) is a first attempt only.
 */
export async function removeCompanyFiles(
  ctx: Pick<AppContext, "db" | "storage" | "now">,
  files: Awaited<ReturnType<typeof companyFiles>>,
): Promise<void> {
  await removeBuriedFiles(ctx.db, ctx.storage, ctx.now(), { only: files.paths });
  await ctx.storage.removeFolder(files.reviewUploadsFolder).catch(() => undefined);
}
