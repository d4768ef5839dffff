/** A list served as a plain array or as a DRF-style page `{count, next, previous, results}`. */
export type ListPayload<T> = readonly T[] | { results?: readonly T[] | null; count?: number | null };

export function readList<T>(data: ListPayload<T> | null | undefined): T[] {
  if (!data) return [];
  if (Array.isArray(data)) return [...(data as readonly T[])];
  const { results } = data as { results?: readonly T[] | null };
  return Array.isArray(results) ? [...results] : [];
}

/** Total number of items: the page's `count` when given, else the number of items received. */
export function readCount<T>(data: ListPayload<T> | null | undefined): number {
  if (!data) return 0;
  if (Array.isArray(data)) return data.length;
  const { count } = data as { count?: number | null };
  return typeof count === "number" ? count : readList(data).length;
}
