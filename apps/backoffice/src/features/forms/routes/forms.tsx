import { errorMessage } from "@certavis/api-client";
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
import { foldText } from "../../../lib/fold-text";
import { keepReturnParams } from "../../../lib/return-url";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
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
  const [toDelete, setToDelete] = useState<ReviewForm | null>(null);
  const remove = useDeleteForm();
  const duplicate = useDuplicateForm();
  const room = formRoom(forms.data, company.data);
  const visible = useMemo(() => {
    const needle = foldText(search.trim());
    return (forms.data ?? []).filter((form) => !needle || foldText(form.name).includes(needle));
  }, [forms.data, search]);

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
          <Button onClick={() => navigate("/forms/new")} disabled={!room.canCreate}>
            {t.create}
          </Button>
        }
      />
      {room.canCreate ? null : <FormPlanLimit />}
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
      {forms.isPending ? (
        <LoadingScreen />
      ) : forms.isError ? (
        <Flex direction="column" align="start" gap="3">
          <Callout.Root color="red" role="alert">
            <Callout.Text>{errorMessage(forms.error, fr.errors.forms.listLoadFailed)}</Callout.Text>
          </Callout.Root>
          <Button variant="outline" onClick={() => void forms.refetch()}>
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
          {visible.map((form) => (
            <li key={form.id}>
              <FormCard
                form={form}
                onDuplicate={() =>
                  duplicate.mutate(form.id, {
                    onSuccess: () => toast({ title: t.toasts.duplicated, variant: "success" }),
                    onError: (error) => toastError(error, t.duplicateFailed),
                  })
                }
                onDelete={() => setToDelete(form)}
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
