import type { FieldType } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";

const GLYPHS: Record<FieldType, string> = {
  text: "T",
  textarea: "¶",
  number: "#",
  email: "@",
  rating: "★",
  select: "◉",
  dropdown: "▾",
  checkbox: "☑",
  file: "⎘",
  media: "▣",
};

/** A small glyph per field type, named by the type's label for screen readers. */
export function FieldTypeIcon({ type }: { type: FieldType }) {
  return (
    <span
      role="img"
      aria-label={fr.forms.fieldTypes[type]}
      title={fr.forms.fieldTypes[type]}
      className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded bg-[var(--accent-3)] text-xs font-semibold text-[var(--accent-11)]"
    >
      {GLYPHS[type]}
    </span>
  );
}
