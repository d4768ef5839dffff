import { ApiError, errorMessage, fieldErrors, generalErrors } from "@certavis/api-client";
import {
  addField,
  addPage,
  clampPage,
  createField,
  deletePage,
  type FieldType,
  type FormField,
  fieldsOfPage,
  hasFormSaveErrors,
  markTitleField,
  moveField,
  pageCount,
  removeField,
  validateFormForSave,
} from "@certavis/domain";
import { domainCodeText, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Card, Flex, Grid, Text, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { EditorLeaveDialog } from "../../../components/editor-leave-dialog";
import { FormField as LabelledInput } from "../../../components/form-field";
import { PageHeader } from "../../../components/page-header";
import { useUnsavedChanges } from "../../../lib/hooks/use-unsaved-changes";
import { returnWithAssignment, safeReturnPath } from "../../../lib/return-url";
import { useToastClearance } from "../../../lib/toast/toast-clearance";
import { toast } from "../../../lib/toast/toast-store";
import type { ReviewForm } from "../api/get-forms";
import { useSaveForm } from "../api/save-form";
import { type BuilderValues, initialValues, toPayload } from "../lib/builder-values";
import { FieldPalette } from "./field-palette";
import { FieldSettings } from "./field-settings";
import { FormPlanLimit } from "./form-plan-limit";
import { FormPreview } from "./form-preview";
import { PageTabs } from "./page-tabs";

const t = fr.forms.editor;

interface ServerErrors {
  name?: string;
  title?: string;
  /** Schema and general errors, de-duplicated (spec §8). */
  box: string[];
}

/** The form builder (spec §2, §4, §5): name, title, description; fields by page; palette; settings. */
export function FormBuilder({
  form,
  planAllowsNew,
  uploadsAllowed,
}: {
  form: ReviewForm | null;
  planAllowsNew: boolean;
  uploadsAllowed: boolean;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get("return"));
  const save = useSaveForm();
  const builder = useForm<BuilderValues>({ defaultValues: initialValues(form) });
  const { control, register, watch, getValues, reset, formState } = builder;
  const { replace, update } = useFieldArray({ control, name: "fields", keyName: "_key" });
  const fields = watch("fields");
  const [pages, setPages] = useState(() => pageCount(getValues("fields")));
  const [page, setPage] = useState(0);
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<ServerErrors>({ box: [] });
  const [previewOpen, setPreviewOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const guard = useUnsavedChanges(formState.isDirty);
  useToastClearance();

  // Spec §5: the save rules' messages show after a save attempt and clear once satisfied.
  const rules = attempted ? validateFormForSave({ name: watch("name"), title: watch("title"), fields }) : {};
  const nameError = rules.name ? domainCodeText(rules.name) : server.name;
  const titleError = rules.title ? domainCodeText(rules.title) : server.title;
  const boxMessages = [...new Set([...(rules.schema ?? []).map(domainCodeText), ...server.box])];
  const current = clampPage(page, pages);
  const pageFields = fieldsOfPage(fields, current);
  const leaveTarget = returnPath ?? "/forms";
  const blockedForPlan = !form && !planAllowsNew;

  const setFields = (next: FormField[]) => replace(next);

  function onAdd(type: FieldType) {
    setFields(
      addField(
        getValues("fields"),
        createField(type, current, 0, { label: fr.forms.fieldTypes[type] }),
        current,
      ),
    );
  }

  function onMove(field: FormField, direction: "up" | "down") {
    const next = moveField(getValues("fields"), field.id, direction);
    setFields(next);
    const moved = next.find((f) => f.id === field.id);
    if (moved) setAnnouncement(t.moved(field.label, moved.position + 1));
  }

  function onRemove(field: FormField) {
    setFields(removeField(getValues("fields"), field.id));
  }

  function onAddPage() {
    const next = addPage(pages);
    setPages(next);
    setPage(next - 1);
  }

  function onDeletePage() {
    const result = deletePage(getValues("fields"), current, pages);
    setFields(result.fields);
    setPages(result.pages);
    setPage(clampPage(current - 1, result.pages));
  }

  async function submit(): Promise<void> {
    setAttempted(true);
    setServer({ box: [] });
    const values = getValues();
    if (hasFormSaveErrors(validateFormForSave(values))) return;
    try {
      const saved = await save.mutateAsync({ id: form?.id, body: toPayload(values) });
      toast({ title: fr.forms.toasts.saved, variant: "success" });
      reset(values);
      guard.allowNextNavigation();
      navigate(returnPath ? returnWithAssignment(returnPath, "form", saved.id) : "/forms");
    } catch (error) {
      setServer(serverErrors(error));
    }
  }

  return (
    <>
      <PageHeader title={form ? t.editTitle : t.newTitle} />
      {blockedForPlan ? <FormPlanLimit /> : null}
      {boxMessages.length > 0 ? (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Text>
            <Text weight="bold">{t.errorsTitle}</Text>
          </Callout.Text>
          <ul className="m-0 pl-5">
            {boxMessages.map((message) => (
              <li key={message}>
                <Text size="2">{message}</Text>
              </li>
            ))}
          </ul>
        </Callout.Root>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Card mb="5">
          <Grid columns={{ initial: "1", md: "2" }} gap="4" p="2">
            <LabelledInput label={t.name} error={nameError} {...register("name")} />
            <LabelledInput label={t.formTitle} error={titleError} {...register("title")} />
            <div className="flex flex-col gap-1 md:col-span-2">
              <Text as="label" htmlFor="form-description" size="2" weight="medium">
                {t.description}
              </Text>
              <TextArea id="form-description" rows={2} {...register("description")} />
            </div>
          </Grid>
        </Card>

        <Grid columns={{ initial: "1", lg: "4" }} gap="5">
          <FieldPalette onAdd={onAdd} uploadsAllowed={uploadsAllowed} />
          <Flex direction="column" gap="3" className="lg:col-span-3">
            <PageTabs
              pages={pages}
              current={current}
              onSelect={setPage}
              onAdd={onAddPage}
              onDelete={onDeletePage}
            />
            <section aria-label={t.pageFields(current + 1)}>
              {pageFields.length === 0 ? (
                <Card>
                  <Text color="gray" size="2">
                    {t.noFields}
                  </Text>
                </Card>
              ) : (
                <ol className="m-0 flex list-none flex-col gap-3 p-0">
                  {pageFields.map((field) => {
                    const index = fields.findIndex((f) => f.id === field.id);
                    return (
                      <li key={field.id}>
                        <FieldSettings
                          field={field}
                          index={index}
                          count={pageFields.length}
                          register={register}
                          onChange={(next) => update(index, next)}
                          onMove={(direction) => onMove(field, direction)}
                          onRemove={() => onRemove(field)}
                          onTitle={(on) => setFields(markTitleField(getValues("fields"), field.id, on))}
                        />
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
            <p aria-live="polite" className="sr-only">
              {announcement}
            </p>
          </Flex>
        </Grid>

        <Flex gap="3" justify="end" mt="5" wrap="wrap">
          <Button type="button" variant="outline" onClick={() => setPreviewOpen(true)}>
            {t.preview}
          </Button>
          <Button type="button" variant="outline" onClick={() => navigate(leaveTarget)}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending || blockedForPlan}>
            {t.save}
          </Button>
        </Flex>
      </form>
      <FormPreview
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        title={watch("title")}
        description={watch("description")}
        fields={fields}
      />
      <EditorLeaveDialog guard={guard} saving={save.isPending} onSave={() => void submit()} />
    </>
  );
}

/** Spec §8: name/title beside their inputs; schema and general errors in one de-duplicated box. */
function serverErrors(error: unknown): ServerErrors {
  if (!(error instanceof ApiError) || error.status !== 400)
    return { box: [errorMessage(error, fr.errors.forms.saveFailed)] };
  const byField = fieldErrors(error);
  const body = (error.body ?? {}) as Record<string, unknown>;
  const box = Object.entries(body)
    .filter(([key]) => key !== "name" && key !== "title" && key in byField)
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((message): message is string => typeof message === "string");
  box.push(...generalErrors(error));
  if (!byField.name && !byField.title && box.length === 0)
    box.push(errorMessage(error, fr.errors.forms.saveFailed));
  return { name: byField.name, title: byField.title, box };
}
