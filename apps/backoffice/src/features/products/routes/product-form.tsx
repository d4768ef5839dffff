import { ApiError } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Navigate, useParams } from "react-router";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { useEmailTemplates } from "../api/get-email-templates";
import { useForms } from "../api/get-forms";
import { useProduct } from "../api/get-product";
import { HeldRequestsCallout } from "../components/held-requests-callout";
import { ProductEditor } from "../components/product-editor";

const t = fr.products.form;
const errors = fr.errors.products;

/** An unknown or malformed id: back to the list (spec §2). */
const isUnknown = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** /products/new and /products/{id}: loads the product (when editing), templates and forms, then the editor. */
export function ProductFormRoute() {
  const { id } = useParams();
  const product = useProduct(id);
  const templates = useEmailTemplates();
  const forms = useForms();

  if (id && product.isError && isUnknown(product.error)) return <Navigate to="/products" replace />;
  const failed = (id ? product.isError : false) || templates.isError || forms.isError;
  if (failed)
    return (
      <>
        <PageHeader title={id ? t.editTitle : t.newTitle} />
        <LoadError
          error={product.error ?? templates.error ?? forms.error}
          fallback={errors.loadFailed}
          onRetry={() => {
            if (id) void product.refetch();
            void templates.refetch();
            void forms.refetch();
          }}
        />
      </>
    );
  if ((id && !product.data) || !templates.data || !forms.data) return <LoadingScreen />;
  return (
    <>
      {id ? <HeldRequestsCallout productId={id} active={product.data?.status === "active"} /> : null}
      <ProductEditor
        key={id ?? "new"}
        product={id ? (product.data ?? null) : null}
        templates={templates.data}
        forms={forms.data}
      />
    </>
  );
}
