import { DEFAULT_ACCENT_COLOR, isValidAccentColor, normalizeAccentColor } from "@certavis/domain";
import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Flex, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";

const t = frIframe;

/** `#rgb` → `#rrggbb`: what `<input type="color">` accepts. */
function sixDigits(color: string): string {
  const hex = normalizeAccentColor(color).slice(1);
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`.toLowerCase();
}

/** Picker and hex field of one colour; an invalid hex says that #10b981 is used instead (spec §5). */
export function AccentColorField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const valid = isValidAccentColor(value);
  return (
    <div className="grid gap-1">
      <Text as="label" htmlFor={`${id}-hex`} weight="bold" size="2">
        {t.accentColor}
      </Text>
      <Flex gap="2" align="center">
        <input
          type="color"
          aria-label={t.accentColorPicker}
          value={sixDigits(value)}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-12 cursor-pointer rounded border border-[var(--gray-a7)] bg-transparent p-0.5"
        />
        <TextField.Root
          id={`${id}-hex`}
          aria-label={t.accentColorHex}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : `${id}-error`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={7}
          spellCheck={false}
          className="w-32 font-mono"
        />
      </Flex>
      {valid ? null : (
        <Text as="p" id={`${id}-error`} size="1" color="red">
          {t.invalidAccentColor(DEFAULT_ACCENT_COLOR)}
        </Text>
      )}
    </div>
  );
}
