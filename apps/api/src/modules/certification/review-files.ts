import { eq, inArray, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { reviewFiles, reviews } from "../../db/schema";
import { buryFiles, removeBuriedFiles } from "../../lib/file-tombstones";
import type { FileStorage } from "../../lib/storage";

/** Paths of the photos and videos of the reviews matching `where` (read before they are deleted). */
export async function reviewFilePaths(db: DbOrTx, where: SQL): Promise<string[]> {
  const rows = await db
    .select({ path: reviewFiles.path })
    .from(reviewFiles)
    .innerJoin(reviews, eq(reviews.id, reviewFiles.reviewId))
    .where(where);
  return rows.map((row) => row.path);
}

/**
 * Forgets the files of these reviews (their rows) and records them to delete from the storage (a
 * tombstone each, in the same transaction); returns the paths to remove once committed.
 */
export async function dropReviewFiles(
  tx: DbOrTx,
  reviewIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (reviewIds.length === 0) return [];
  const rows = await tx
    .delete(reviewFiles)
    .where(inArray(reviewFiles.reviewId, [...reviewIds]))
    .returning({ path: reviewFiles.path });
  const paths = rows.map((row) => row.path);
  await buryFiles(tx, paths, now);
  return paths;
}

/**
 * After the commit, a first attempt to delete the dropped files; what the storage refuses (or all of
 * them without a storage at hand) stays recorded and the periodic retry deletes it later.
 */
export async function removeReviewFiles(
  db: Db,
  storage: FileStorage | undefined,
  paths: readonly string[],
  now: Date,
): Promise<void> {
  if (storage) await removeBuriedFiles(db, storage, now, { only: paths });
}
