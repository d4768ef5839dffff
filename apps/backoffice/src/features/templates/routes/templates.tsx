import { errorMessage } from "@certavis/api-client";
import { isTemplateType } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SearchIcon } from "../../../components/icons";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { useCompany } from "../../../lib/api/get-company";
import { keepReturnParams } from "../../../lib/return-url";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useDeleteTemplate } from "../api/delete-template";
import { useDuplicateTemplate } from "../api/duplicate-template";
import { type EmailTemplate, useTemplates } from "../api/get-templates";
import { TemplateCard } from "../components/template-card";
import { TemplatePlanLimit } from "../components/template-plan-limit";
import { filterTemplates } from "../lib/filter-templates";
import { templateRoom } from "../lib/template-room";

const t = fr.templates;

/** /email-templates: search, cards, duplicate/delete; `edit`, `create={type}`, `return` + `assign_field`. */
export function TemplatesRoute() {
  const [params] = useSearchParams();
  const edit = params.get("edit");
  const create = params.get("create");
  if (edit)
    return (
      <Navigate to={`/email-templates/${encodeURIComponent(edit)}${keepReturnParams(params)}`} replace />
    );
  if (create !== null) {
    const kept = new URLSearchParams(keepReturnParams(params));
    if (isTemplateType(create)) kept.set("type", create);
    const query = kept.toString();
    return <Navigate to={`/email-templates/new${query ? `?${query}` : ""}`} replace />;
  }
  return <TemplatesList />;
}

function TemplatesList() {
  const templates = useTemplates();
  const company = useCompany();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [toDelete, setToDelete] = useState<EmailTemplate | null>(null);
  const remove = useDeleteTemplate();
  const duplicate = useDuplicateTemplate();
  const room = templateRoom(templates.data, company.data);
  const visible = useMemo(() => filterTemplates(templates.data ?? [], search), [templates.data, search]);

  function onDuplicate(template: EmailTemplate) {
    duplicate.mutate(template.id, {
      onSuccess: () => toast({ title: t.toasts.duplicated, variant: "success" }),
      onError: (error) => toastError(error, t.duplicateFailed),
    });
  }

  function onConfirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast({ title: t.toasts.deleted, variant: "success" });
        setToDelete(null);
      },
      onError: (error) => toastError(error, t.deleteFailed),
    });
  }

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button onClick={() => navigate("/email-templates/new")} disabled={!room.canCreate}>
            {t.create}
          </Button>
        }
      />
      {room.canCreate ? null : <TemplatePlanLimit />}
      <div className="mb-5 max-w-md">
        <TextField.Root
          type="search"
          placeholder={t.searchPlaceholder}
          aria-label={t.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        >
          <TextField.Slot>
            <SearchIcon width={16} height={16} />
          </TextField.Slot>
        </TextField.Root>
      </div>
      {templates.isPending ? (
        <LoadingScreen />
      ) : templates.isError ? (
        <Flex direction="column" align="start" gap="3">
          <Callout.Root color="red" role="alert">
            <Callout.Text>{errorMessage(templates.error, fr.errors.templates.listLoadFailed)}</Callout.Text>
          </Callout.Root>
          <Button variant="outline" onClick={() => void templates.refetch()}>
            {fr.common.retry}
          </Button>
        </Flex>
      ) : visible.length === 0 ? (
        <Flex direction="column" align="center" gap="2" py="9" className="text-center">
          <Heading as="h2" size="4">
            {search.trim() ? t.empty.noMatch : t.empty.title}
          </Heading>
          {search.trim() ? null : <Text color="gray">{t.empty.description}</Text>}
        </Flex>
      ) : (
        <ul
          className="m-0 grid list-none grid-cols-1 gap-4 p-0 md:grid-cols-2 xl:grid-cols-3"
          aria-label={t.title}
        >
          {visible.map((template) => (
            <li key={template.id}>
              <TemplateCard
                template={template}
                onDuplicate={() => onDuplicate(template)}
                onDelete={() => setToDelete(template)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={t.deleteDialog.title}
        description={t.deleteDialog.description(toDelete?.name ?? "")}
        confirmLabel={t.deleteDialog.confirm}
        onConfirm={onConfirmDelete}
        busy={remove.isPending}
      />
    </>
  );
}
