import { ApiError } from "@certavis/api-client";
import { isTemplateType } from "@certavis/domain";
import { Navigate, useParams, useSearchParams } from "react-router";
import { LoadingScreen } from "../../../components/loading-screen";
import { useCompany } from "../../../lib/api/get-company";
import { useTemplate } from "../api/get-template";
import { useTemplates } from "../api/get-templates";
import { TemplateEditor } from "../components/template-editor";
import { templateRoom } from "../lib/template-room";

/** /email-templates/new (type from `?type=`) and /email-templates/{templateId}; unknown id → the list. */
export function TemplateEditorRoute() {
  const { templateId } = useParams();
  const [params] = useSearchParams();
  const template = useTemplate(templateId);
  const templates = useTemplates();
  const company = useCompany();
  if (templateId && template.isPending) return <LoadingScreen />;
  if (templateId && template.isError) {
    if (template.error instanceof ApiError && [400, 404].includes(template.error.status))
      return <Navigate to="/email-templates" replace />;
    throw template.error;
  }
  const presetType = params.get("type");
  const room = templateRoom(templates.data, company.data);
  return (
    <TemplateEditor
      key={template.data?.id ?? "new"}
      template={template.data ?? null}
      presetType={isTemplateType(presetType) ? presetType : null}
      planAllowsNew={room.canCreate}
    />
  );
}
