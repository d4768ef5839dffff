import { formatInteger } from "@certavis/i18n-fr";

/** Labelled horizontal bars with their counts written out (readable without colour). */
export function HorizontalBars({
  items,
  label,
}: {
  items: { label: string; value: number }[];
  label: string;
}) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className="grid grid-cols-[8rem_1fr_3.5rem] items-center gap-2 text-sm">
          <span>{item.label}</span>
          <span className="h-3 rounded bg-[var(--gray-4)]" aria-hidden="true">
            <span
              className="block h-3 rounded bg-[var(--accent-9)]"
              style={{ width: `${(item.value / max) * 100}%` }}
            />
          </span>
          <span className="text-right tabular-nums">{formatInteger(item.value)}</span>
        </li>
      ))}
    </ul>
  );
}
