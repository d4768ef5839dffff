import { ApiError, errorMessage } from "@certavis/api-client";
import { validateTemplateBody } from "@certavis/domain";
import { domainToast, fr } from "@certavis/i18n-fr";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { apiFieldErrors } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";
import type { EmailTemplate } from "../api/get-templates";
import { useSaveTemplate } from "../api/save-template";
import type { TemplateFormValues } from "./template-form-values";

const t = fr.templates;

/** Whether the body breaks its type's rule (a review link a request needs…): then shown on the body and toasted. */
export function rejectsBody(form: UseFormReturn<TemplateFormValues>, values: TemplateFormValues): boolean {
  const problem = validateTemplateBody(values.type, values.body);
  if (!problem) return false;
  const { title, description } = domainToast(problem);
  form.setError("body", { message: description });
  toast({ title, description, variant: "error" });
  return true;
}

/**
 * Saves the editor's values (creates or updates `template`): the server's field errors go under their
 * fields, anything else to the banner. `onSaved` gets the saved template's id once the form is clean.
 */
export function useTemplateSave({
  form,
  template,
  typeLocked,
  onSaved,
}: {
  form: UseFormReturn<TemplateFormValues>;
  template: EmailTemplate | null;
  typeLocked: boolean;
  onSaved: (id: string) => void;
}) {
  const save = useSaveTemplate();
  const [banner, setBanner] = useState<string | null>(null);

  async function submit(values: TemplateFormValues): Promise<boolean> {
    setBanner(null);
    if (rejectsBody(form, values)) return false;
    try {
      const saved = await save.mutateAsync({
        id: template?.id,
        body: {
          name: values.name.trim(),
          subject: values.subject.trim(),
          body: values.body,
          ...(typeLocked && template ? {} : { type: values.type }),
        } as Parameters<typeof save.mutateAsync>[0]["body"],
      });
      toast({ title: t.toasts.saved, variant: "success" });
      form.reset(values);
      onSaved(saved.id);
      return true;
    } catch (error) {
      const fields = apiFieldErrors(error);
      let shown = false;
      for (const key of ["name", "type", "subject", "body"] as const) {
        if (fields[key]) {
          form.setError(key, { message: fields[key] });
          shown = true;
        }
      }
      if (fields._general || (error instanceof ApiError && error.status !== 400) || !shown)
        setBanner(errorMessage(error, t.editor.saveFailed));
      return false;
    }
  }

  return { submit, banner, saving: save.isPending };
}
