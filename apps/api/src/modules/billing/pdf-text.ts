import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";

/**
 * Text in invoice PDFs for any name a company may have: DejaVu Sans (Latin, Greek, Cyrillic,
 * symbols) and, for what it lacks, Noto Sans JP (kana, CJK ideographs), both TrueType from npm,
 * embedded as subsets. A character neither has is printed "?".
 */
const FONT_FILES = {
  regular: [
    "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
    "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  ],
  bold: [
    "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
    "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
  ],
} as const;
export type Weight = keyof typeof FONT_FILES;

const require = createRequire(import.meta.url);
/** Each font file read and parsed once per process (its coverage); embedded per document. */
const loaded = new Map<string, { bytes: Uint8Array; covers: (codePoint: number) => boolean }>();
function fontFile(path: string) {
  let font = loaded.get(path);
  if (!font) {
    const bytes = readFileSync(require.resolve(path));
    const parsed = fontkit.create(bytes);
    font = { bytes, covers: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
    loaded.set(path, font);
  }
  return font;
}

interface Run {
  font: PDFFont;
  text: string;
}

/** A document's fonts: text split into runs of one font each, fallback fonts embedded only if used. */
export function pdfText(pdf: PDFDocument) {
  pdf.registerFontkit(fontkit);
  const embedded = new Map<string, Promise<PDFFont>>();
  const embed = (path: string) => {
    let font = embedded.get(path);
    if (!font) {
      font = pdf.embedFont(fontFile(path).bytes, { subset: true });
      embedded.set(path, font);
    }
    return font;
  };

  const runs = async (text: string, weight: Weight): Promise<Run[]> => {
    const files = FONT_FILES[weight];
    const result: { path: string; text: string }[] = [];
    // Narrow no-break spaces of French numbers print as spaces.
    for (const char of text.replace(/[\u202F\u00A0]/g, " ")) {
      const codePoint = char.codePointAt(0) ?? 0;
      const path = files.find((file) => fontFile(file).covers(codePoint));
      const piece = path ? char : "?";
      const at = path ?? files[0];
      const last = result.at(-1);
      if (last?.path === at) last.text += piece;
      else result.push({ path: at, text: piece });
    }
    return Promise.all(result.map(async (run) => ({ font: await embed(run.path), text: run.text })));
  };
  const widthOf = (pieces: Run[], size: number) =>
    pieces.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  const width = async (text: string, weight: Weight, size: number) => widthOf(await runs(text, weight), size);

  return {
    /** The width of `text` at `size`, in points. */
    width,

    /** Draws `text` on one line from `x` (or ending at `right`). */
    async draw(
      page: PDFPage,
      text: string,
      options: { x: number; y: number; size: number; weight: Weight; color: RGB; right?: number },
    ): Promise<void> {
      const pieces = await runs(text, options.weight);
      let x = options.right === undefined ? options.x : options.right - widthOf(pieces, options.size);
      for (const run of pieces) {
        page.drawText(run.text, {
          x,
          y: options.y,
          size: options.size,
          font: run.font,
          color: options.color,
        });
        x += run.font.widthOfTextAtSize(run.text, options.size);
      }
    },

    /**
     * `text` cut into lines no wider than `maxWidth`: between words where it can, inside a word
     * only when the word alone is too wide (and in scripts written without spaces).
     */
    async wrap(text: string, weight: Weight, size: number, maxWidth: number): Promise<string[]> {
      const fits = async (line: string) => (await width(line, weight, size)) <= maxWidth;
      const lines: string[] = [];
      let line = "";
      for (const word of text.split(/\s+/).filter(Boolean)) {
        const joined = line ? `${line} ${word}` : word;
        if (await fits(joined)) {
          line = joined;
          continue;
        }
        if (line) lines.push(line);
        line = "";
        for (const char of word) {
          if (line && !(await fits(line + char))) {
            lines.push(line);
            line = "";
          }
          line += char;
        }
      }
      if (line) lines.push(line);
      return lines.length > 0 ? lines : [""];
    },
  };
}
