import { ApiError } from "@certavis/api-client";
import { Navigate, useParams } from "react-router";
import { LoadingScreen } from "../../../components/loading-screen";
import { useCompany } from "../../../lib/api/get-company";
import { useReviewForm } from "../api/get-form";
import { useForms } from "../api/get-forms";
import { FormBuilder } from "../components/form-builder";
import { formRoom } from "../lib/form-room";

/** /forms/new and /forms/{formId}; an unknown id goes back to /forms (spec §2). */
export function FormBuilderRoute() {
  const { formId } = useParams();
  const form = useReviewForm(formId);
  const forms = useForms();
  const company = useCompany();
  if (formId && form.isPending) return <LoadingScreen />;
  if (formId && form.isError) {
    if (form.error instanceof ApiError && [400, 404].includes(form.error.status))
      return <Navigate to="/forms" replace />;
    throw form.error;
  }
  const room = formRoom(forms.data, company.data);
  return (
    <FormBuilder
      key={form.data?.id ?? "new"}
      form={form.data ?? null}
      planAllowsNew={room.canCreate}
      uploadsAllowed={room.uploads}
    />
  );
}
