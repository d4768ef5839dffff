import { fr } from "@certavis/i18n-fr";
import { Text, TextArea } from "@radix-ui/themes";
import type { ComponentProps, Ref } from "react";

const t = fr.templates;

/** The template's body: a labelled text area with its error under it. */
export function TemplateBodyField({
  error,
  ref,
  ...field
}: Omit<ComponentProps<typeof TextArea>, "id" | "rows"> & {
  error: string | undefined;
  ref: Ref<HTMLTextAreaElement>;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Text as="label" htmlFor="template-body" size="2" weight="medium">
        {t.editor.body}
      </Text>
      <TextArea
        id="template-body"
        rows={12}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "template-body-error" : undefined}
        {...field}
        ref={ref}
      />
      {error ? (
        <Text id="template-body-error" size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
