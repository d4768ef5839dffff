import { ApiError, fieldErrors, generalErrors, type Schema } from "@certavis/api-client";
import { PRODUCT_ERROR_FIELDS, productPayload } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { Callout, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { UnsavedChangesDialog } from "../../../components/unsaved-changes-dialog";
import { useUnsavedChanges } from "../../../lib/hooks/use-unsaved-changes";
import { toastError } from "../../../lib/toast/error-toast";
import { useToastClearance } from "../../../lib/toast/toast-clearance";
import { toast } from "../../../lib/toast/toast-store";
import { translated } from "../../../lib/translated-resolver";
import { useSaveProduct } from "../api/save-product";
import { toastProductError } from "../lib/product-error-toast";
import { initialValues, type ProductEditorValues, productEditorSchema } from "../lib/product-form-values";
import { useAssignOnReturn } from "../lib/use-assign-on-return";
import { type LinkedPreview, LinkedPreviewDialog } from "./linked-preview-dialog";
import { ProductEmailSection } from "./product-email-section";
import { ProductInfoSection } from "./product-info-section";
import { ProductReminderSection } from "./product-reminder-section";
import { ProductReviewFormSection } from "./product-review-form-section";

const t = fr.products.form;
const errors = fr.errors.products;

/** The product form (new or edit): its sections, saving, and the guard against leaving unsaved changes. */
export function ProductEditor({
  product,
  templates,
  forms,
}: {
  product: Schema<"Product"> | null;
  templates: readonly Schema<"EmailTemplate">[];
  forms: readonly Schema<"Form">[];
}) {
  const isNew = product === null;
  const navigate = useNavigate();
  const save = useSaveProduct();
  const [banner, setBanner] = useState<string[]>([]);
  const [preview, setPreview] = useState<LinkedPreview | null>(null);
  const methods = useForm<ProductEditorValues>({
    resolver: translated(zodResolver(productEditorSchema)),
    defaultValues: initialValues(product, templates, forms),
  });
  const {
    handleSubmit,
    setValue,
    setError,
    formState: { isDirty, isSubmitSuccessful },
  } = methods;
  const guard = useUnsavedChanges(isDirty && !isSubmitSuccessful);
  useToastClearance();
  useAssignOnReturn(setValue);

  async function submit(values: ProductEditorValues): Promise<boolean> {
    setBanner([]);
    try {
      const saved = await save.mutateAsync({
        ...(product ? { id: product.id } : {}),
        payload: productPayload(values),
        image: values.image,
        initialImage: product?.image_url ?? null,
      });
      toast({ title: isNew ? fr.products.toasts.created : fr.products.toasts.updated, variant: "success" });
      return Boolean(saved);
    } catch (error) {
      showSaveError(error);
      return false;
    }
  }

  function showSaveError(error: unknown) {
    if (error instanceof ApiError && error.status === 400) {
      const rest: string[] = [...generalErrors(error)];
      for (const [key, message] of Object.entries(fieldErrors(error))) {
        const field = PRODUCT_ERROR_FIELDS[key];
        if (field) setError(field, { type: "server", message });
        else rest.push(message);
      }
      setBanner([...new Set(rest)]);
      return;
    }
    if (isNew) toastProductError(error, errors.formCreateFailed);
    else toastError(error, errors.formUpdateFailed);
  }

  const onSave = handleSubmit(async (values) => {
    if (await submit(values)) {
      guard.allowNextNavigation();
      navigate("/products");
    }
  });
  const onSaveThenLeave = () => {
    void handleSubmit(
      async (values) => {
        if (await submit(values)) guard.leave();
        else guard.stay();
      },
      () => guard.stay(),
    )();
  };

  return (
    <FormProvider {...methods}>
      <form onSubmit={(event) => void onSave(event)} noValidate>
        <PageHeader title={isNew ? t.newTitle : t.editTitle} subtitle={product?.name} />
        {banner.length > 0 ? (
          <Callout.Root color="red" role="alert" mb="4">
            {banner.map((message) => (
              <Callout.Text key={message}>{message}</Callout.Text>
            ))}
          </Callout.Root>
        ) : null}

        <Flex direction="column" gap="5" className="max-w-3xl">
          <ProductInfoSection />
          <ProductEmailSection product={product} templates={templates} onPreview={setPreview} />
          <ProductReviewFormSection forms={forms} onPreview={setPreview} />
          <ProductReminderSection product={product} templates={templates} onPreview={setPreview} />
          <Flex gap="3" justify="end">
            <Button type="button" variant="outline" onClick={() => navigate("/products")}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {isNew ? t.create : t.save}
            </Button>
          </Flex>
        </Flex>

        <LinkedPreviewDialog preview={preview} onClose={() => setPreview(null)} />
        <UnsavedChangesDialog
          open={guard.blocked}
          saving={save.isPending}
          onLeave={guard.leave}
          onStay={guard.stay}
          onSave={onSaveThenLeave}
        />
      </form>
    </FormProvider>
  );
}
