import { Flex, Select, Text } from "@radix-ui/themes";
import { useId } from "react";

export interface LinkedSelectProps {
  label: string;
  value: string;
  onChange: (id: string) => void;
  options: readonly { id: string; name: string }[];
  /** Shown when there is nothing to choose. */
  emptyLabel: string;
  error?: string | undefined;
  /** Buttons beside the select (preview). */
  children?: React.ReactNode;
}

/** A labelled select of templates or forms, its error under it. */
export function LinkedSelect({
  label,
  value,
  onChange,
  options,
  emptyLabel,
  error,
  children,
}: LinkedSelectProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Text as="label" id={`${id}-label`} size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Select.Root value={value || undefined} onValueChange={onChange} disabled={options.length === 0}>
          <Select.Trigger
            className="min-w-[14rem] flex-1"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            placeholder={options.length === 0 ? emptyLabel : undefined}
            color={error ? "red" : undefined}
          />
          <Select.Content position="popper">
            {options.map((option) => (
              <Select.Item key={option.id} value={option.id}>
                {option.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {children}
      </Flex>
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
