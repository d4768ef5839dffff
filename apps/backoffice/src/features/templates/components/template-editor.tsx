import { ApiError, errorMessage } from "@certavis/api-client";
import {
  EDITABLE_TEMPLATE_TYPES,
  isTemplateTypeLocked,
  normalizeTemplateType,
  type TemplateType,
  type TemplateVariable,
  validateTemplateBody,
  variableToken,
} from "@certavis/domain";
import { domainToast, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Grid, Select, Text, TextArea } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { EditorLeaveDialog } from "../../../components/editor-leave-dialog";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { PageHeader } from "../../../components/page-header";
import { apiFieldErrors } from "../../../lib/field-errors";
import { useUnsavedChanges } from "../../../lib/hooks/use-unsaved-changes";
import { readAssignField, returnWithAssignment, safeReturnPath } from "../../../lib/return-url";
import { toastError } from "../../../lib/toast/error-toast";
import { useToastClearance } from "../../../lib/toast/toast-clearance";
import { toast } from "../../../lib/toast/toast-store";
import type { EmailTemplate } from "../api/get-templates";
import { useSaveTemplate } from "../api/save-template";
import { useSendTestEmail } from "../api/send-test-email";
import { insertAt } from "../lib/insert-at-cursor";
import { TemplatePlanLimit } from "./template-plan-limit";
import { TemplatePreview } from "./template-preview";
import { VariableButtons } from "./variable-buttons";

const t = fr.templates;

interface Values {
  name: string;
  type: TemplateType;
  subject: string;
  body: string;
}

type TextFieldName = "subject" | "body";

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
  const save = useSaveTemplate();
  const sendTest = useSendTestEmail();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const typeLocked = template ? isTemplateTypeLocked(template) : presetType === "thanks";

  const form = useForm<Values>({
    defaultValues: {
      name: template?.name ?? "",
      type: normalizeTemplateType(template?.type) ?? presetType ?? "request",
      subject: template?.subject ?? "",
      body: template?.body ?? "",
    },
  });
  const { register, handleSubmit, setValue, getValues, setError, formState, watch, reset } = form;
  const guard = useUnsavedChanges(formState.isDirty);
  useToastClearance();

  // Where a variable goes: the subject or the body, whichever had the cursor last.
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const lastField = useRef<TextFieldName>("body");

  function insertVariable(name: TemplateVariable) {
    const field = lastField.current;
    const element = field === "subject" ? subjectRef.current : bodyRef.current;
    const current = getValues(field);
    const next = insertAt(current, variableToken(name), element?.selectionStart, element?.selectionEnd);
    setValue(field, next.value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  }

  const leaveTarget = returnPath ?? "/email-templates";

  async function submit(values: Values): Promise<boolean> {
    setBanner(null);
    const problem = validateTemplateBody(values.type, values.body);
    if (problem) {
      const { title, description } = domainToast(problem);
      setError("body", { message: description });
      toast({ title, description, variant: "error" });
      return false;
    }
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
      reset(values);
      guard.allowNextNavigation();
      navigate(
        returnPath && assignField && assignField !== "form"
          ? returnWithAssignment(returnPath, assignField, saved.id)
          : leaveTarget,
      );
      return true;
    } catch (error) {
      const fields = apiFieldErrors(error);
      let shown = false;
      for (const key of ["name", "type", "subject", "body"] as const) {
        if (fields[key]) {
          setError(key, { message: fields[key] });
          shown = true;
        }
      }
      if (fields._general || (error instanceof ApiError && error.status !== 400) || !shown)
        setBanner(errorMessage(error, t.editor.saveFailed));
      return false;
    }
  }

  const onSave = handleSubmit(submit);

  function onSendTest() {
    const values = getValues();
    const problem = validateTemplateBody(values.type, values.body);
    if (problem) {
      const { title, description } = domainToast(problem);
      setError("body", { message: description });
      toast({ title, description, variant: "error" });
      return;
    }
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
  const type = watch("type");
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
              <div className="flex flex-col gap-1">
                <Text as="label" size="2" weight="medium" id="template-type-label">
                  {t.editor.type}
                </Text>
                <Select.Root
                  value={type}
                  disabled={typeLocked}
                  onValueChange={(value) => setValue("type", value as TemplateType, { shouldDirty: true })}
                >
                  <Select.Trigger aria-labelledby="template-type-label" />
                  <Select.Content>
                    {(typeLocked ? [type] : EDITABLE_TEMPLATE_TYPES).map((option) => (
                      <Select.Item key={option} value={option}>
                        {t.types[option]}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                {typeLocked ? (
                  <Text size="1" color="gray">
                    {t.editor.typeReadOnly}
                  </Text>
                ) : null}
                {formState.errors.type ? (
                  <Text size="1" color="red" role="alert">
                    {formState.errors.type.message}
                  </Text>
                ) : null}
              </div>
              <FormField
                label={t.editor.subject}
                error={formState.errors.subject?.message}
                {...subjectField}
                ref={(element: HTMLInputElement | null) => {
                  subjectField.ref(element);
                  subjectRef.current = element;
                }}
                onFocus={() => {
                  lastField.current = "subject";
                }}
              />
              <div className="flex flex-col gap-1">
                <Text as="label" htmlFor="template-body" size="2" weight="medium">
                  {t.editor.body}
                </Text>
                <TextArea
                  id="template-body"
                  rows={12}
                  aria-invalid={formState.errors.body ? true : undefined}
                  aria-describedby={formState.errors.body ? "template-body-error" : undefined}
                  {...bodyField}
                  ref={(element: HTMLTextAreaElement | null) => {
                    bodyField.ref(element);
                    bodyRef.current = element;
                  }}
                  onFocus={() => {
                    lastField.current = "body";
                  }}
                />
                {formState.errors.body ? (
                  <Text id="template-body-error" size="1" color="red" role="alert">
                    {formState.errors.body.message}
                  </Text>
                ) : null}
              </div>
              <VariableButtons onInsert={insertVariable} />
            </Flex>
          </Card>
          <Flex direction="column" gap="4">
            <Card>
              <Flex direction="column" gap="2" p="2">
                <Text as="p" weight="medium">
                  {t.editor.tipsTitle}
                </Text>
                <ul className="m-0 flex list-disc flex-col gap-1 pl-5">
                  {t.editor.tips.map((tip) => (
                    <li key={tip}>
                      <Text size="2">{tip}</Text>
                    </li>
                  ))}
                </ul>
              </Flex>
            </Card>
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
          <Button type="submit" disabled={save.isPending || blockedForPlan}>
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
      <EditorLeaveDialog guard={guard} saving={save.isPending} onSave={() => void onSave()} />
    </>
  );
}
