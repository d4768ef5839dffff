import { type FormField, fieldsOfPage, pageCount } from "@certavis/domain";
import { FieldInput } from "@certavis/form-fields";
import "@certavis/form-fields/form-fields.css";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { PreviewDialog } from "../../../components/preview-dialog";

const t = fr.forms.editor;

/** The form as the shopper sees it, page by page, with the review form's own field components. */
export function FormPreview({
  open,
  onOpenChange,
  title,
  description,
  fields,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  fields: readonly FormField[];
}) {
  const [page, setPage] = useState(0);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const pages = pageCount(fields);
  const current = Math.min(page, pages - 1);
  return (
    <PreviewDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPage(0);
        onOpenChange(next);
      }}
      title={t.previewTitle}
    >
      <Text as="p" size="2" color="gray" mb="3">
        {t.previewHint}
      </Text>
      <div className="rf-preview-form flex flex-col gap-4 rounded-md border border-[var(--gray-6)] bg-white p-4">
        <Heading as="h2" size="5">
          {title}
        </Heading>
        {description ? <Text color="gray">{description}</Text> : null}
        <Text weight="bold" color="green">
          {t.previewPage(current + 1, pages)}
        </Text>
        {fieldsOfPage(fields, current).map((field) => (
          <FieldInput
            key={field.id}
            field={field}
            value={answers[field.id]}
            onChange={(value) => setAnswers((previous) => ({ ...previous, [field.id]: value }))}
          />
        ))}
        <Flex justify="between" gap="3">
          <Button
            type="button"
            variant="outline"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            {fr.common.previous}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            {fr.common.next}
          </Button>
        </Flex>
      </div>
    </PreviewDialog>
  );
}
