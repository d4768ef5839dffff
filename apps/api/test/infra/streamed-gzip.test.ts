import { PassThrough } from "node:stream";
import { constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { streamedGzip } from "../../src/lib/streamed-gzip";

describe("a streamed answer's gzip", () => {
  it("sends each part as soon as it is written, before the answer ends", async () => {
    const source = new PassThrough();
    const zipped: Buffer[] = [];
    const gzip = streamedGzip();
    gzip.on("data", (chunk: Buffer) => zipped.push(chunk));
    source.pipe(gzip);
    source.write("<feed><review>première</review>");
    // The feed is still reading its next page: what was written is out all the same.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sofar = gunzipSync(Buffer.concat(zipped), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
    expect(sofar).toBe("<feed><review>première</review>");
    source.end("</feed>");
    await new Promise((resolve) => gzip.on("end", resolve));
    expect(gunzipSync(Buffer.concat(zipped)).toString()).toBe("<feed><review>première</review></feed>");
  });
});
