import { isTemplateTypeLocked, normalizeTemplateType, type TemplateType } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Grid } from "@radix-ui/themes";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { EditorLeaveDialog } from "../../../components/editor-leave-dialog";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { PageHeader } from "../../../components/page-header";
import { useUnsavedChanges } from "../../../lib/hooks/use-unsaved-changes";
import { readAssignField, returnWithAssignment, safeReturnPath } from "../../../lib/return-url";
import { toastError } from "../../../lib/toast/error-toast";
import { useToastClearance } from "../../../lib/toast/toast-clearance";
import { toast } from "../../../lib/toast/toast-store";
import type { EmailTemplate } from "../api/get-templates";
import { useSendTestEmail } from "../api/send-test-email";
import type { TemplateFormValues } from "../lib/template-form-values";
import { rejectsBody, useTemplateSave } from "../lib/use-template-save";
import { useVariableInsertion } from "../lib/use-variable-insertion";
import { TemplateBodyField } from "./template-body-field";
import { TemplatePlanLimit } from "./template-plan-limit";
import { TemplatePreview } from "./template-preview";
import { TemplateTips } from "./template-tips";
import { TemplateTypeSelect } from "./template-type-select";
import { VariableButtons } from "./variable-buttons";

const t = fr.templates;

/** The template editor (spec §2): name, type, subject, body, variables at the cursor, tips, preview. */
export function TemplateEditor({
  template,
  presetType,
  planAllowsNew,
}: {
  template: EmailTemplate | null;
  presetType: TemplateType | null;
  planAllowsNew: boolean;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get("return"));
  const assignField = readAssignField(params.get("assign_field"));
  const sendTest = useSendTestEmail();
  const [previewOpen, setPreviewOpen] = useState(false);
  const typeLocked = template ? isTemplateTypeLocked(template) : presetType === "thanks";

  const form = useForm<TemplateFormValues>({
    defaultValues: {
      name: template?.name ?? "",
      type: normalizeTemplateType(template?.type) ?? presetType ?? "request",
      subject: template?.subject ?? "",
      body: template?.body ?? "",
    },
  });
  const { register, handleSubmit, setValue, getValues, formState, watch } = form;
  const guard = useUnsavedChanges(formState.isDirty);
  useToastClearance();
  const variables = useVariableInsertion(form);

  const leaveTarget = returnPath ?? "/email-templates";
  const { submit, banner, saving } = useTemplateSave({
    form,
    template,
    typeLocked,
    onSaved: (id) => {
      guard.allowNextNavigation();
      navigate(
        returnPath && assignField && assignField !== "form"
          ? returnWithAssignment(returnPath, assignField, id)
          : leaveTarget,
      );
    },
  });
  const onSave = handleSubmit(submit);

  function onSendTest() {
    const values = getValues();
    if (rejectsBody(form, values)) return;
    if (!values.subject.trim() || !values.body.trim()) {
      void handleSubmit(() => undefined)();
      return;
    }
    sendTest.mutate(
      { subject: values.subject, body: values.body, type: values.type },
      {
        onSuccess: (result) =>
          toast({ title: t.testEmail.sent, description: result.detail, variant: "success" }),
        onError: (error) => toastError(error, t.testEmail.failed),
      },
    );
  }

  const required = { validate: (value: string) => value.trim() !== "" || fr.validation.fieldEmpty };
  const subjectField = register("subject", required);
  const bodyField = register("body", required);
  const blockedForPlan = !template && !planAllowsNew;

  return (
    <>
      <PageHeader title={template ? t.editor.editTitle : t.editor.newTitle} />
      {blockedForPlan ? <TemplatePlanLimit /> : null}
      <ErrorCallout message={banner} mb="4" />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <Grid columns={{ initial: "1", lg: "3" }} gap="5">
          <Card className="lg:col-span-2">
            <Flex direction="column" gap="4" p="2">
              <FormField
                label={t.editor.name}
                error={formState.errors.name?.message}
                {...register("name", required)}
              />
              <TemplateTypeSelect
                value={watch("type")}
                locked={typeLocked}
                error={formState.errors.type?.message}
                onChange={(type) => setValue("type", type, { shouldDirty: true })}
              />
              <FormField
                label={t.editor.subject}
                error={formState.errors.subject?.message}
                {...subjectField}
                ref={(element: HTMLInputElement | null) => {
                  subjectField.ref(element);
                  variables.subjectRef.current = element;
                }}
                onFocus={() => variables.focused("subject")}
              />
              <TemplateBodyField
                error={formState.errors.body?.message}
                {...bodyField}
                ref={(element: HTMLTextAreaElement | null) => {
                  bodyField.ref(element);
                  variables.bodyRef.current = element;
                }}
                onFocus={() => variables.focused("body")}
              />
              <VariableButtons onInsert={variables.insertVariable} />
            </Flex>
          </Card>
          <Flex direction="column" gap="4">
            <TemplateTips />
            <Flex direction="column" gap="2">
              <Button type="button" variant="outline" onClick={() => setPreviewOpen(true)}>
                {t.editor.preview}
              </Button>
              <Button type="button" variant="secondary" onClick={onSendTest} disabled={sendTest.isPending}>
                {t.testEmail.button}
              </Button>
            </Flex>
          </Flex>
        </Grid>
        <Flex gap="3" justify="end" mt="5">
          <Button type="button" variant="outline" onClick={() => navigate(leaveTarget)}>
            {t.editor.cancel}
          </Button>
          <Button type="submit" disabled={saving || blockedForPlan}>
            {t.editor.save}
          </Button>
        </Flex>
      </form>
      <TemplatePreview
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        subject={watch("subject")}
        body={watch("body")}
      />
      <EditorLeaveDialog guard={guard} saving={saving} onSave={() => void onSave()} />
    </>
  );
}
