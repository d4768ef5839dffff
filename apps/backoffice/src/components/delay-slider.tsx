import { fr } from "@certavis/i18n-fr";
import { Flex, Text } from "@radix-ui/themes";
import { useId } from "react";

export interface DelaySliderProps {
  /** Visible label (the slider's accessible name). */
  label: string;
  /** Days; shown and announced as 'J+n'. */
  value: number;
  onChange: (days: number) => void;
  /** Bounds in days (spec §9: request 0–60, reminder 1–60); step 1. */
  min: number;
  max: number;
  disabled?: boolean;
  /** A sentence under the slider, read with it (e.g. which products the delay applies to). */
  description?: string;
}

/** A days slider shown 'J+n' (native range input: arrows, Page Up/Down, Home/End work). */
export function DelaySlider({
  label,
  value,
  onChange,
  min,
  max,
  disabled = false,
  description,
}: DelaySliderProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const text = fr.editor.delay(value);
  return (
    <div className="flex flex-col gap-2">
      <Flex justify="between" align="center" gap="3">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {label}
        </Text>
        <Text size="2" weight="bold" aria-hidden="true" data-testid="delay-value">
          {text}
        </Text>
      </Flex>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        aria-valuetext={text}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="w-full cursor-pointer accent-[var(--accent-9)] disabled:cursor-not-allowed"
      />
      <Flex justify="between" aria-hidden="true">
        <Text size="1" color="gray">
          {fr.editor.delay(min)}
        </Text>
        <Text size="1" color="gray">
          {fr.editor.delay(max)}
        </Text>
      </Flex>
      {description ? (
        <Text id={descriptionId} size="1" color="gray">
          {description}
        </Text>
      ) : null}
    </div>
  );
}
