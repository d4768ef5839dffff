import { Text, TextField } from "@radix-ui/themes";
import { type ComponentProps, useId } from "react";

type Props = Omit<ComponentProps<typeof TextField.Root>, "id"> & {
  label: string;
  error?: string;
  hint?: string;
};

/** Labelled text input with its error under it (announced through aria-describedby). */
export function FormField({ label, error, hint, ...input }: Props) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        size="3"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        color={error ? "red" : undefined}
        {...input}
      />
      {hint ? (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
