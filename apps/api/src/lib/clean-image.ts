import sharp from "sharp";
import type { SniffedType } from "./sniff";

/** A decoded image is held whole in memory: beyond this many pixels it is refused. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An uploaded photo re-encoded in its own format, its EXIF orientation applied and every metadata
 * (EXIF with the GPS position, XMP, IPTC, comments) dropped: what we serve never tells where or with
 * what it was taken. Null when it does not decode (the bytes only looked like an image).
 */
export async function imageWithoutMetadata(data: Buffer, type: SniffedType): Promise<Buffer | null> {
  const animated = type.mime === "image/gif" || type.mime === "image/webp";
  try {
    const image = sharp(data, { animated, autoOrient: !animated, limitInputPixels: MAX_INPUT_PIXELS });
    switch (type.mime) {
      case "image/jpeg":
        return await image.jpeg({ quality: 90 }).toBuffer();
      case "image/png":
        return await image.png().toBuffer();
      case "image/gif":
        return await image.gif().toBuffer();
      case "image/webp":
        return await image.webp({ quality: 90 }).toBuffer();
      case "image/avif":
        return await image.avif().toBuffer();
      default:
        return null;
    }
  } catch {
    return null;
  }
}
