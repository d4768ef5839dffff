import { createField, type FieldType, type FormField } from "./field-types";

type Placed = Pick<FormField, "id" | "page" | "position">;

function pageOf(field: Placed): number {
  return Number.isInteger(field.page) && field.page >= 0 ? field.page : 0;
}

function positionOf(field: Placed): number {
  return Number.isFinite(field.position) ? field.position : Number.MAX_SAFE_INTEGER;
}

/** Fields sorted by page, then position, then original order (stable). */
function sorted<T extends Placed>(fields: readonly T[]): T[] {
  return fields
    .map((field, index) => ({ field, index }))
    .sort(
      (a, b) =>
        pageOf(a.field) - pageOf(b.field) || positionOf(a.field) - positionOf(b.field) || a.index - b.index,
    )
    .map(({ field }) => field);
}

/** Renumbers positions 0..n-1 within each page, keeping page numbers (and empty pages) as they are. */
function renumberPositions<T extends Placed>(fields: readonly T[]): T[] {
  const next = new Map<number, number>();
  return sorted(fields).map((field) => {
    const page = pageOf(field);
    const position = next.get(page) ?? 0;
    next.set(page, position + 1);
    return field.page === page && field.position === position ? field : { ...field, page, position };
  });
}

/**
 * Normalises a loaded or saved form: pages numbered from 0 without gaps (in their order) and positions
 * contiguous from 0 within each page. Returns the fields sorted by page and position.
 */
export function normalizePages<T extends Placed>(fields: readonly T[]): T[] {
  const pages = [...new Set(fields.map(pageOf))].sort((a, b) => a - b);
  const renamed = new Map(pages.map((page, index) => [page, index]));
  return renumberPositions(fields.map((field) => ({ ...field, page: renamed.get(pageOf(field)) ?? 0 })));
}

/** Number of pages the fields span (at least 1). */
export function pageCount(fields: readonly Placed[]): number {
  return fields.reduce((max, field) => Math.max(max, pageOf(field) + 1), 1);
}

/** Fields of one page in position order. */
export function fieldsOfPage<T extends Placed>(fields: readonly T[], page: number): T[] {
  return sorted(fields).filter((field) => pageOf(field) === page);
}

/**
 * Adds a field at the end of `page` (the editor's current page). Pass a type to create it with the
 * defaults, or a prepared field (its page and position are overwritten). The new field is last.
 */
export function addField(
  fields: readonly FormField[],
  typeOrField: FieldType | FormField,
  page: number,
): FormField[] {
  const position = fieldsOfPage(fields, page).length;
  const field =
    typeof typeOrField === "string"
      ? createField(typeOrField, page, position)
      : { ...typeOrField, page, position };
  return [...renumberPositions(fields), field];
}

/** Removes a field; positions of its page close up. */
export function removeField<T extends Placed>(fields: readonly T[], id: string): T[] {
  return renumberPositions(fields.filter((field) => field.id !== id));
}

/** Swaps a field with its neighbour above or below on the same page; no-op at the page's edge. */
export function moveField<T extends Placed>(fields: readonly T[], id: string, direction: "up" | "down"): T[] {
  const ordered = renumberPositions(fields);
  const target = ordered.find((field) => field.id === id);
  if (!target) return ordered;
  const neighbourPosition = target.position + (direction === "up" ? -1 : 1);
  const neighbour = ordered.find(
    (field) => field.page === target.page && field.position === neighbourPosition,
  );
  if (!neighbour) return ordered;
  return sorted(
    ordered.map((field) => {
      if (field === target) return { ...field, position: neighbourPosition };
      if (field === neighbour) return { ...field, position: target.position };
      return field;
    }),
  );
}

/** Moves a field to the end of another page. */
export function moveFieldToPage<T extends Placed>(fields: readonly T[], id: string, page: number): T[] {
  const end = fieldsOfPage(fields, page).length;
  return renumberPositions(
    fields.map((field) =>
      field.id === id && pageOf(field) !== page ? { ...field, page, position: end } : field,
    ),
  );
}

/** One more (empty) page. */
export function addPage(pages: number): number {
  return Math.max(1, pages) + 1;
}

/**
 * Deletes a page: its fields go to the end of the previous page (for page 0, to the start of what becomes
 * the new page 0), later pages shift down by one. At least one page remains: deleting the only page is a
 * no-op. `pages` is the editor's page count (pages may be empty).
 */
export function deletePage<T extends Placed>(
  fields: readonly T[],
  page: number,
  pages: number = pageCount(fields),
): { fields: T[]; pages: number } {
  const total = Math.max(pages, pageCount(fields));
  if (total <= 1 || page < 0 || page >= total) return { fields: renumberPositions(fields), pages: total };
  const ordered = renumberPositions(fields);
  const target = page === 0 ? 0 : page - 1;
  // Offsets keep moved fields after (or, for page 0, before) the fields already on the target page.
  const moved = ordered.filter((field) => pageOf(field) === page);
  const offset = page === 0 ? -moved.length : fieldsOfPage(ordered, target).length;
  const next = ordered.map((field) => {
    const current = pageOf(field);
    if (current === page) {
      const index = moved.indexOf(field);
      return { ...field, page: target, position: offset + index };
    }
    return current > page ? { ...field, page: current - 1 } : field;
  });
  return { fields: renumberPositions(next), pages: total - 1 };
}

/** Current page index kept within 0..pages-1. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 0;
  return Math.min(Math.max(0, Math.trunc(page)), Math.max(1, pages) - 1);
}
