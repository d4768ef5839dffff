import { renderTemplate } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Box, Text } from "@radix-ui/themes";
import { PreviewDialog } from "../../../components/preview-dialog";

const t = fr.templates;

/** The e-mail as a buyer reads it, variables replaced by the sample values (spec §3). */
export function TemplatePreview({
  open,
  onOpenChange,
  subject,
  body,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: string;
  body: string;
}) {
  const values = t.sampleValues;
  return (
    <PreviewDialog open={open} onOpenChange={onOpenChange} title={t.editor.previewTitle}>
      <Text as="p" size="2" color="gray" mb="3">
        {t.editor.previewHint}
      </Text>
      <Box className="rounded-md border border-[var(--gray-6)] p-4">
        <Text as="p" size="2" mb="3">
          <Text weight="bold">{t.editor.previewSubject}</Text>{" "}
          <span data-testid="preview-subject">{renderTemplate(subject, values)}</span>
        </Text>
        <Text as="div" size="2" className="whitespace-pre-line" data-testid="preview-body">
          {renderTemplate(body, values)}
        </Text>
      </Box>
    </PreviewDialog>
  );
}
