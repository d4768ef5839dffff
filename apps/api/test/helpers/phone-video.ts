/**
 * ISO-BMFF (MP4 / QuickTime) files built box by box, as phones write them: a location in
 * `moov/udta/©xyz` (Android, QuickTime) and in `moov/meta` keys and items
 * (`com.apple.quicktime.location.ISO6709`, iPhone), a sample table pointing into `mdat`.
 */

export const PARIS = "+48.8566+002.3522/";
export const PARIS_ISO6709 = "+48.8566+002.3522+035.000/";
export const LOCATION_KEY = "com.apple.quicktime.location.ISO6709";

export function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
/** A full box's version and flags. */
const fullBox = (type: string, ...content: Buffer[]) => box(type, u32(0), ...content);

/** The QuickTime metadata of an iPhone: `hdlr` mdta, `keys`, `ilst` with the location item. */
function appleMeta(): Buffer {
  const key = Buffer.from(LOCATION_KEY, "latin1");
  return box(
    "meta",
    fullBox("hdlr", u32(0), Buffer.from("mdta", "latin1"), Buffer.alloc(12), Buffer.from([0])),
    fullBox("keys", u32(1), u32(8 + key.length), Buffer.from("mdta", "latin1"), key),
    box(
      "ilst",
      box("\u0000\u0000\u0000\u0001", box("data", u32(1), u32(0), Buffer.from(PARIS_ISO6709, "utf8"))),
    ),
  );
}

/** `udta/©xyz` as QuickTime and Android write it: a string with its length and language. */
function userDataLocation(): Buffer {
  const text = Buffer.from(PARIS, "utf8");
  return box("udta", box("\u00a9xyz", u16(text.length), u16(0x15c7), text));
}

/**
 * A small phone-style video: `ftyp`, then `mdat` before `moov` (as a phone records) unless
 * `fastStart`; `stco` gives the offset of its one chunk in `mdat`. `brand` `qt  ` makes a MOV.
 */
export function phoneVideo(options: { brand?: string; fastStart?: boolean } = {}): {
  data: Buffer;
  media: Buffer;
} {
  const brand = options.brand ?? "qt  ";
  const ftyp = box("ftyp", Buffer.from(brand, "latin1"), u32(0), Buffer.from(`${brand}isom`, "latin1"));
  const media = Buffer.from("les images de la vidéo ".repeat(40), "utf8");
  const mdat = box("mdat", media);
  const moovFor = (chunkOffset: number) =>
    box(
      "moov",
      fullBox("mvhd", Buffer.alloc(96)),
      box(
        "trak",
        fullBox("tkhd", Buffer.alloc(80)),
        box(
          "mdia",
          fullBox("mdhd", Buffer.alloc(20)),
          box(
            "minf",
            box(
              "stbl",
              fullBox("stco", u32(1), u32(chunkOffset)),
              fullBox("stsz", u32(media.length), u32(1)),
            ),
          ),
        ),
        userDataLocation(),
      ),
      userDataLocation(),
      appleMeta(),
    );
  if (options.fastStart) {
    const moovSize = moovFor(0).length;
    const data = Buffer.concat([ftyp, moovFor(ftyp.length + moovSize + 8), mdat]);
    return { data, media };
  }
  return { data: Buffer.concat([ftyp, mdat, moovFor(ftyp.length + 8)]), media };
}

export interface WalkedBox {
  type: string;
  start: number;
  size: number;
  children?: WalkedBox[];
}

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "udta"]);

/** The box tree of `data` between `start` and `end`; throws when a size does not add up. */
export function walkBoxes(data: Buffer, start = 0, end = data.length): WalkedBox[] {
  const boxes: WalkedBox[] = [];
  let at = start;
  while (at < end) {
    if (end - at < 8) throw new Error(`a box header cut short at ${at}`);
    let size = data.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new Error(`a box overruns its parent at ${at}`);
    const type = data.toString("latin1", at + 4, at + 8);
    boxes.push({
      type,
      start: at,
      size,
      ...(CONTAINERS.has(type) ? { children: walkBoxes(data, at + header, at + size) } : {}),
    });
    at += size;
  }
  return boxes;
}
