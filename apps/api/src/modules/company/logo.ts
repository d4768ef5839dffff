import { fr } from "@certavis/i18n-fr";
import sharp from "sharp";
import { sniffFileType } from "../../lib/sniff";

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Logos are shown small (form header, widget, settings): bigger images are scaled down. */
const LOGO_MAX_SIDE = 512;
const MAX_INPUT_PIXELS = 40_000_000;

export type LogoResult = { ok: true; data: Buffer; extension: "webp" } | { ok: false; message: string };

/**
 * A logo upload is trusted only after its magic bytes say "image" AND it decodes; it is then
 * re-encoded (first frame, EXIF orientation applied, metadata dropped, at most 512 px) to WebP, so
 * what we serve is never the uploaded bytes.
 */
export async function processLogo(data: Buffer): Promise<LogoResult> {
  if (sniffFileType(data)?.kind !== "image") return { ok: false, message: fr.server.company.logoNotImage };
  try {
    const out = await sharp(data, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
    return { ok: true, data: out, extension: "webp" };
  } catch {
    return { ok: false, message: fr.server.company.logoUnreadable };
  }
}
