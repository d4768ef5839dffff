import type { Schema } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Link, useLocation } from "react-router";
import { PreviewDialog } from "../../../components/preview-dialog";
import { FormPreview, TemplatePreview } from "./linked-previews";

const t = fr.products.form;

/** What the product editor previews: a linked template (as request or reminder) or its form. */
export type LinkedPreview =
  | { kind: "template"; template: Schema<"EmailTemplate">; field: "request" | "reminder" }
  | { kind: "form"; form: Schema<"Form"> };

/**
 * The preview of a linked template or form, with a link to its editor that comes back here (and, for a
 * template, preselects what was saved there: spec §2).
 */
export function LinkedPreviewDialog({
  preview,
  onClose,
}: {
  preview: LinkedPreview | null;
  onClose: () => void;
}) {
  const location = useLocation();
  const editLink = (path: string, id: string, field: "request" | "reminder" | "form") => {
    const query = new URLSearchParams({ edit: id, return: location.pathname });
    if (field !== "form") query.set("assign_field", field);
    return `${path}?${query.toString()}`;
  };
  return (
    <PreviewDialog
      open={preview !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={preview?.kind === "form" ? preview.form.name : (preview?.template.name ?? t.preview)}
      actions={
        preview ? (
          <Button variant="secondary" asChild>
            <Link
              to={
                preview.kind === "form"
                  ? editLink("/forms", preview.form.id, "form")
                  : editLink("/email-templates", preview.template.id, preview.field)
              }
            >
              {t.editLinked}
            </Link>
          </Button>
        ) : null
      }
    >
      {preview?.kind === "form" ? <FormPreview form={preview.form} /> : null}
      {preview?.kind === "template" ? <TemplatePreview template={preview.template} /> : null}
    </PreviewDialog>
  );
}
