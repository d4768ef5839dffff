/**
 * A review's video never keeps where it was shot (issue 44 point 10): the location a phone writes in
 * an MP4 or MOV (`moov/udta/©xyz`, the `moov/meta` keys of an iPhone, on the movie and its tracks)
 * is blanked as the file streams to the storage, in place (the boxes become `free` of the same size,
 * so the sample offsets still point at the same bytes); a file whose boxes do not add up is refused.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewFiles } from "../src/db/schema";
import { videoWithoutLocation } from "../src/lib/video-without-location";
import { createTestApp, TEST_DATABASES, type TestApp } from "./helpers";
import { type MediaFormProduct, mediaFormProduct } from "./helpers/media-form";
import { box, LOCATION_KEY, PARIS, phoneVideo, type WalkedBox, walkBoxes } from "./helpers/phone-video";
import { multipartBody } from "./pipeline/multipart";

const types = (boxes: WalkedBox[] | undefined) => (boxes ?? []).map((b) => b.type);

/** What the cleaning stream gives for `data` fed in chunks of `size` bytes. */
async function cleanedInChunks(data: Buffer, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += size) chunks.push(data.subarray(at, at + size));
  return buffer(Readable.from(chunks).pipe(videoWithoutLocation()));
}

describe("the cleaning stream", () => {
  it("gives the same bytes however the file is cut; a 64-bit size and a top-level XMP box are read too", async () => {
    const { data } = phoneVideo();
    const whole = await cleanedInChunks(data, data.length);
    expect(whole.toString("latin1")).not.toContain("48.8566");
    for (const size of [1, 3, 7, 8, 13, 100])
      expect((await cleanedInChunks(data, size)).equals(whole)).toBe(true);

    const xmp = Buffer.concat([
      box(
        "uuid",
        Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex"),
        Buffer.from(`<exif:GPSLatitude>48,51.4N`),
      ),
    ]);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1);
    large.write("mdat", 4, "latin1");
    large.writeBigUInt64BE(BigInt(16 + 5), 8);
    const file = Buffer.concat([data, xmp, large, Buffer.from("12345")]);
    for (const size of [1, 5, 4096]) {
      const cleaned = await cleanedInChunks(file, size);
      expect(cleaned.length).toBe(file.length);
      expect(cleaned.toString("latin1")).not.toContain("GPSLatitude");
      expect(types(walkBoxes(cleaned))).toEqual(["ftyp", "mdat", "moov", "free", "mdat"]);
    }
  });
});

describe.each(TEST_DATABASES)("the location of review videos (%s)", (kind) => {
  let t: TestApp;
  let setup: MediaFormProduct;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    setup = await mediaFormProduct(t, { id: "media", allow_videos: true, max_size_mb: 8, max_count: 2 });
  });
  afterAll(async () => t?.close());

  const submit = async (filename: string, contentType: string, data: Buffer) => {
    const body = multipartBody({ answers: JSON.stringify({ note: 4 }) }, [
      { name: "file:media", filename, contentType, data },
    ]);
    return t.inject({ method: "POST", url: await setup.reviewPath(), ...body });
  };
  const storedFile = async (reviewId: string) => {
    const [file] = await t.ctx.db.select().from(reviewFiles).where(eq(reviewFiles.reviewId, reviewId));
    return { row: file, data: await readFile(join(t.ctx.storage.root ?? "", file?.path ?? "")) };
  };

  it.each([
    ["an iPhone-style MOV, moov after mdat", "v.mov", "video/quicktime", { brand: "qt  ", fastStart: false }],
    ["an Android-style MP4, moov first", "v.mp4", "video/mp4", { brand: "mp42", fastStart: true }],
  ] as const)("%s: stored without its location, still a valid box tree", async (_, name, mime, options) => {
    const { data, media } = phoneVideo(options);
    const sent = data.toString("latin1");
    expect(sent).toContain(PARIS);
    expect(sent).toContain(LOCATION_KEY);

    const response = await submit(name, mime, data);
    expect(response.statusCode, response.body).toBe(201);
    const { row, data: stored } = await storedFile(response.json().id);
    expect(row).toMatchObject({ mimeType: mime, sizeBytes: data.length });

    const text = stored.toString("latin1");
    for (const trace of ["48.8566", "002.3522", "ISO6709", "location", "\u00a9xyz"])
      expect(text).not.toContain(trace);
    expect(stored.length).toBe(data.length);

    // The same tree, the metadata boxes now `free`; the chunk offset still points at the media.
    const tree = walkBoxes(stored);
    expect(types(tree)).toEqual(options.fastStart ? ["ftyp", "moov", "mdat"] : ["ftyp", "mdat", "moov"]);
    const moov = tree.find((b) => b.type === "moov");
    expect(types(moov?.children)).toEqual(["mvhd", "trak", "free", "free"]);
    const trak = moov?.children?.find((b) => b.type === "trak");
    expect(types(trak?.children)).toEqual(["tkhd", "mdia", "free"]);
    const stbl = trak?.children?.[1]?.children?.[1]?.children?.[0];
    const stco = stbl?.children?.find((b) => b.type === "stco");
    const chunkOffset = stored.readUInt32BE((stco?.start ?? 0) + 16);
    expect(stored.subarray(chunkOffset, chunkOffset + media.length).equals(media)).toBe(true);
    const mdatOf = (file: Buffer) => {
      const mdat = walkBoxes(file).find((b) => b.type === "mdat");
      return file.subarray(mdat?.start ?? 0, (mdat?.start ?? 0) + (mdat?.size ?? 0));
    };
    expect(mdatOf(stored).equals(mdatOf(data))).toBe(true);
  });

  it("refuses, in French, a video whose boxes do not add up; nothing is stored", async () => {
    const folder = join(t.ctx.storage.root ?? "", `reviews/${setup.company.id}`);
    const before = await readdir(folder).catch(() => []);
    const { data } = phoneVideo();
    // The movie box claims more bytes than the file has.
    const cut = data.subarray(0, data.length - 20);
    const response = await submit("v.mov", "video/quicktime", cut);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      media: [
        "Cette vidéo est illisible : envoyez le fichier MP4 ou MOV tel que votre téléphone l'a enregistré.",
      ],
    });
    const inside = box("moov", Buffer.from([0, 0, 0, 4]), Buffer.from("free", "latin1"));
    const ftyp = walkBoxes(data)[0]?.size ?? 0;
    const broken = await submit("w.mp4", "video/mp4", Buffer.concat([data.subarray(0, ftyp), inside]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(response.json());
    expect(await readdir(folder).catch(() => [])).toEqual(before);
  });
});
