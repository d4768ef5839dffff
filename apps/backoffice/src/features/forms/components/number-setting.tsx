import { Text, TextField } from "@radix-ui/themes";
import { useId } from "react";

/** A labelled number input; empty means null (no limit). */
export function NumberSetting({
  label,
  value,
  min,
  max,
  step,
  onValue,
}: {
  label: string;
  value: number | null | undefined;
  min?: number;
  max?: number;
  step?: number;
  onValue: (value: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Text as="label" htmlFor={id} size="2">
        {label}
      </Text>
      <TextField.Root
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={value ?? ""}
        onChange={(event) => {
          const raw = event.target.value.trim();
          onValue(raw === "" || !Number.isFinite(Number(raw)) ? null : Number(raw));
        }}
      />
    </div>
  );
}
