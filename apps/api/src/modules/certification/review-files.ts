import { eq, inArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { reviewFiles, reviews } from "../../db/schema";
import { type FileStorage, removeStored } from "../../lib/storage";

/** Paths of the photos and videos of the reviews matching `where` (read before they are deleted). */
export async function reviewFilePaths(db: DbOrTx, where: SQL): Promise<string[]> {
  const rows = await db
    .select({ path: reviewFiles.path })
    .from(reviewFiles)
    .innerJoin(reviews, eq(reviews.id, reviewFiles.reviewId))
    .where(where);
  return rows.map((row) => row.path);
}

/** Forgets the files of these reviews (their rows); returns the paths to remove once committed. */
export async function dropReviewFiles(tx: DbOrTx, reviewIds: readonly string[]): Promise<string[]> {
  if (reviewIds.length === 0) return [];
  const rows = await tx
    .delete(reviewFiles)
    .where(inArray(reviewFiles.reviewId, [...reviewIds]))
    .returning({ path: reviewFiles.path });
  return rows.map((row) => row.path);
}

/** Best effort, after the commit: a file left behind is only space, its review no longer shows it. */
export function removeReviewFiles(storage: FileStorage | undefined, paths: readonly string[]): Promise<void> {
  return storage ? removeStored(storage, paths) : Promise.resolve();
}
