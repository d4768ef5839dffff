import { isTemplateType } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { useMemo, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { CatalogList } from "../../../components/catalog-list";
import { PageHeader } from "../../../components/page-header";
import { useCompany } from "../../../lib/api/get-company";
import { useCatalogActions } from "../../../lib/hooks/use-catalog-actions";
import { keepReturnParams } from "../../../lib/return-url";
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
  const actions = useCatalogActions<EmailTemplate>(useDuplicateTemplate(), useDeleteTemplate(), {
    ...t.toasts,
    duplicateFailed: t.duplicateFailed,
    deleteFailed: t.deleteFailed,
    deleteDialog: t.deleteDialog,
  });
  const room = templateRoom(templates.data, company.data);
  const visible = useMemo(() => filterTemplates(templates.data ?? [], search), [templates.data, search]);

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
      <CatalogList
        label={t.title}
        searchPlaceholder={t.searchPlaceholder}
        search={search}
        onSearch={setSearch}
        query={templates}
        items={visible}
        loadFailed={fr.errors.templates.listLoadFailed}
        empty={t.empty}
        renderItem={(template) => (
          <TemplateCard
            template={template}
            onDuplicate={() => actions.duplicate(template)}
            onDelete={() => actions.askDelete(template)}
          />
        )}
      />
      {actions.deleteDialog}
    </>
  );
}
