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
import { Flex, Grid } from "@radix-ui/themes";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { EditorLeaveDialog } from "../../../components/editor-leave-dialog";
import { PageHeader } from "../../../components/page-header";
import { useUnsavedChanges } from "../../../lib/hooks/use-unsaved-changes";
import { returnWithAssignment, safeReturnPath } from "../../../lib/return-url";
import { useToastClearance } from "../../../lib/toast/toast-clearance";
import { toast } from "../../../lib/toast/toast-store";
import type { ReviewForm } from "../api/get-forms";
import { useSaveForm } from "../api/save-form";
import { type BuilderValues, initialValues, toPayload } from "../lib/builder-values";
import { type ServerErrors, serverErrors } from "../lib/server-errors";
import { FieldPalette } from "./field-palette";
import { FormErrorsBox } from "./form-errors-box";
import { FormIdentityCard } from "./form-identity-card";
import { FormPlanLimit } from "./form-plan-limit";
import { FormPreview } from "./form-preview";
import { PageFieldsList } from "./page-fields-list";
import { PageTabs } from "./page-tabs";

const t = fr.forms.editor;

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
      <FormErrorsBox messages={boxMessages} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormIdentityCard register={register} nameError={nameError} titleError={titleError} />

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
            <PageFieldsList
              page={current}
              fields={fields}
              pageFields={pageFields}
              register={register}
              onUpdate={update}
              onMove={onMove}
              onRemove={onRemove}
              onTitle={(field, on) => setFields(markTitleField(getValues("fields"), field.id, on))}
            />
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
