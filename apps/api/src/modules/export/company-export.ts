import { PassThrough, Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { Database } from "../../db/client";
import { heapCollector } from "../../lib/heap-collector";
import type { FileStorage } from "../../lib/storage";
import { auditCsvChunks } from "../certification/audit-csv";
import {
  logoZipPath,
  type MediaEntry,
  ordersCsv,
  productsCsv,
  readme,
  reviewsCsv,
  reviewsJson,
} from "./export-files";
import {
  formsJson,
  integrationsJson,
  invoicesCsv,
  membersCsv,
  suppressionsCsv,
  templatesJson,
  webhooksJson,
} from "./export-settings";

export interface ExportedCompany {
  id: string;
  name: string;
  logoPath: string | null;
}

/**
 * The company's whole data as one ZIP, written while it is read: each file is a generator of pages
 * that runs only when the ZIP reaches it (yazl writes one entry at a time), and each page is asked for
 * only once the client took the previous bytes (pipes all the way to the socket). Stored files are
 * opened one at a time, when their turn comes, and stored as they are (already compressed).
 *
 * A failure once bytes are out cannot become an error answer: the stream is destroyed, the download
 * ends early, and the ZIP is unreadable (no central directory) rather than silently incomplete.
 */
export function companyExportZip(
  database: Pick<Database, "db" | "kind">,
  storage: FileStorage,
  company: ExportedCompany,
  now: Date,
): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  const open = new Set<Readable>();
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    for (const source of open) source.destroy();
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  // The client went away: stop reading the database and the files.
  output.once("close", () => {
    for (const source of open) source.destroy();
  });
  zip.on("error", fail);
  zip.outputStream.on("error", fail);
  zip.outputStream.pipe(output);

  const track = (source: Readable): Readable => {
    open.add(source);
    source.once("error", fail);
    source.once("close", () => open.delete(source));
    return source;
  };
  const heap = heapCollector();
  async function* collected(chunks: AsyncIterable<string>) {
    for await (const chunk of chunks) {
      yield chunk;
      await heap.afterPage();
    }
  }
  const generated = (name: string, chunks: () => AsyncIterable<string>) =>
    zip.addReadStreamLazy(name, { mtime: now, compress: true }, (done) =>
      // One page of rows waits ahead of the ZIP at most.
      done(null, track(Readable.from(collected(chunks()), { highWaterMark: 1 }))),
    );
  const media = ({ zipPath, storagePath }: MediaEntry) =>
    zip.addReadStreamLazy(zipPath, { mtime: now, compress: false }, (done) => {
      storage.open(storagePath).then(
        // A file gone from the storage is an empty entry (LISEZMOI.txt says so), not a broken export.
        (stream) => done(null, track(stream ?? Readable.from([]))),
        (error: unknown) => done(error, Readable.from([])),
      );
    });

  zip.addBuffer(Buffer.from(readme(company.name, now.toISOString().slice(0, 10)), "utf8"), "LISEZMOI.txt", {
    mtime: now,
  });
  generated("reviews.csv", () => reviewsCsv(database, company.id));
  generated("reviews.json", () => reviewsJson(database, company.id, media));
  generated("orders.csv", () => ordersCsv(database, company.id));
  generated("products.csv", async function* () {
    yield* productsCsv(database, company.id, media);
    // Every stored file is known once the reviews and the products are read (in this order): the
    // ZIP's list can close, its directory is written after the last entry.
    if (company.logoPath) media({ zipPath: logoZipPath(company.logoPath), storagePath: company.logoPath });
    zip.end();
  });
  generated("audit.csv", () => auditCsvChunks(database, company.id));
  generated("templates.json", () => templatesJson(database, company.id));
  generated("forms.json", () => formsJson(database, company.id));
  generated("members.csv", () => membersCsv(database, company.id));
  generated("invoices.csv", () => invoicesCsv(database, company.id));
  generated("suppressions.csv", () => suppressionsCsv(database, company.id));
  generated("webhooks.json", () => webhooksJson(database, company.id));
  generated("integrations.json", () => integrationsJson(database, company.id));
  return output;
}
