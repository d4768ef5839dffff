import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { useMemo, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { CatalogList } from "../../../components/catalog-list";
import { PageHeader } from "../../../components/page-header";
import { useCompany } from "../../../lib/api/get-company";
import { foldText } from "../../../lib/fold-text";
import { useCatalogActions } from "../../../lib/hooks/use-catalog-actions";
import { keepReturnParams } from "../../../lib/return-url";
import { useDeleteForm } from "../api/delete-form";
import { useDuplicateForm } from "../api/duplicate-form";
import { type ReviewForm, useForms } from "../api/get-forms";
import { FormCard } from "../components/form-card";
import { FormPlanLimit } from "../components/form-plan-limit";
import { formRoom } from "../lib/form-room";

const t = fr.forms;

/** /forms: search by name, cards, duplicate/delete; `edit={id}`, `create`, `return`. */
export function FormsRoute() {
  const [params] = useSearchParams();
  const edit = params.get("edit");
  if (edit) return <Navigate to={`/forms/${encodeURIComponent(edit)}${keepReturnParams(params)}`} replace />;
  if (params.has("create")) return <Navigate to={`/forms/new${keepReturnParams(params)}`} replace />;
  return <FormsList />;
}

function FormsList() {
  const forms = useForms();
  const company = useCompany();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const actions = useCatalogActions<ReviewForm>(useDuplicateForm(), useDeleteForm(), {
    ...t.toasts,
    duplicateFailed: t.duplicateFailed,
    deleteFailed: t.deleteFailed,
    deleteDialog: t.deleteDialog,
  });
  const room = formRoom(forms.data, company.data);
  const visible = useMemo(() => {
    const needle = foldText(search.trim());
    return (forms.data ?? []).filter((form) => !needle || foldText(form.name).includes(needle));
  }, [forms.data, search]);

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button onClick={() => navigate("/forms/new")} disabled={!room.canCreate}>
            {t.create}
          </Button>
        }
      />
      {room.canCreate ? null : <FormPlanLimit />}
      <CatalogList
        label={t.title}
        searchPlaceholder={t.searchPlaceholder}
        search={search}
        onSearch={setSearch}
        query={forms}
        items={visible}
        loadFailed={fr.errors.forms.listLoadFailed}
        empty={t.empty}
        renderItem={(form) => (
          <FormCard
            form={form}
            onDuplicate={() => actions.duplicate(form)}
            onDelete={() => actions.askDelete(form)}
          />
        )}
      />
      {actions.deleteDialog}
    </>
  );
}
