import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products, reviews } from "../../db/schema";
import { isStoredImage } from "../../lib/image-url";
import type { FileStorage } from "../../lib/storage";
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

/** Best effort: a file left behind is only disk space, the company is already gone. */
export async function removeCompanyFiles(
  storage: FileStorage,
  files: Awaited<ReturnType<typeof companyFiles>>,
): Promise<void> {
  for (const path of files.paths) await storage.remove(path).catch(() => undefined);
  await storage.removeFolder(files.reviewUploadsFolder).catch(() => undefined);
}
