import { Select } from "@radix-ui/themes";

/** A filter of a list page: a labelled select of `[value, label]` options (the first is usually 'all'). */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  className: string;
}) {
  return (
    <Select.Root value={value} onValueChange={(next) => onChange(next as V)}>
      <Select.Trigger aria-label={label} className={className} />
      <Select.Content position="popper">
        {options.map(([option, text]) => (
          <Select.Item key={option} value={option}>
            {text}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
