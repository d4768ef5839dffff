import { constants, createGzip, type Gzip } from "node:zlib";

/**
 * The gzip of a streamed answer (a feed), flushed after each part written to it (its head, a page of
 * reviews): zlib otherwise holds its output until 16 KB of it are ready, and a feed's first review
 * waited for most of its first page's rendering. A part is hundreds of reviews: the flushes cost the
 * ratio next to nothing.
 */
export function streamedGzip(): Gzip {
  return createGzip({ flush: constants.Z_SYNC_FLUSH });
}
