import { ApiError, fieldErrors, generalErrors, type Schema } from "@certavis/api-client";
import {
  PRODUCT_ERROR_FIELDS,
  PRODUCT_STATUSES,
  productPayload,
  REMINDER_DELAY,
  REQUEST_DELAY,
} from "@certavis/domain";
import { fr, productStatusLabel } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { Callout, Card, Flex, Heading, Select, Switch, Text } from "@radix-ui/themes";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { DelaySlider } from "../../../components/delay-slider";
import { FormField } from "../../../components/form-field";
import { ImageInput } from "../../../components/image-input";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { PreviewDialog } from "../../../components/preview-dialog";
import { UnsavedChangesDialog } from "../../../components/unsaved-changes-dialog";
import { useUnsavedChanges } from "../../../lib/hooks/use-unsaved-changes";
import { readAssignField } from "../../../lib/return-url";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { translated } from "../../../lib/translated-resolver";
import { useEmailTemplates } from "../api/get-email-templates";
import { useForms } from "../api/get-forms";
import { useProduct } from "../api/get-product";
import { useSaveProduct } from "../api/save-product";
import { FormPreview, TemplatePreview } from "../components/linked-previews";
import { LinkedSelect } from "../components/linked-select";
import { toastProductError } from "../lib/product-error-toast";
import {
  ASSIGN_FIELDS,
  initialValues,
  type ProductEditorValues,
  productEditorSchema,
  reminderTemplates,
  reminderToPreselect,
  requestTemplates,
} from "../lib/product-form-values";
import { useTemplateDelay } from "../lib/use-template-delay";

const t = fr.products.form;
const errors = fr.errors.products;

type Product = Schema<"Product">;
type Template = Schema<"EmailTemplate">;
type Form = Schema<"Form">;

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
    <ProductEditor
      key={id ?? "new"}
      product={id ? (product.data ?? null) : null}
      templates={templates.data}
      forms={forms.data}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card size="3" asChild>
      <section aria-labelledby={id}>
        <Heading as="h2" size="4" mb="4" id={id}>
          {title}
        </Heading>
        <Flex direction="column" gap="4">
          {children}
        </Flex>
      </section>
    </Card>
  );
}

type Preview =
  | { kind: "template"; template: Template; field: "request" | "reminder" }
  | { kind: "form"; form: Form };

function ProductEditor({
  product,
  templates,
  forms,
}: {
  product: Product | null;
  templates: readonly Template[];
  forms: readonly Form[];
}) {
  const isNew = product === null;
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const save = useSaveProduct();
  const [banner, setBanner] = useState<string[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const requestDelay = useTemplateDelay("send_after");
  const reminderDelay = useTemplateDelay("remind_after");

  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors: fieldError, isDirty, isSubmitSuccessful },
  } = useForm<ProductEditorValues>({
    resolver: translated(zodResolver(productEditorSchema)),
    defaultValues: initialValues(product, templates, forms),
  });
  const guard = useUnsavedChanges(isDirty && !isSubmitSuccessful);

  // Back from a template or form editor: preselect what was saved there, then clean the address (spec §2).
  const assigned = useRef(false);
  useEffect(() => {
    if (assigned.current) return;
    assigned.current = true;
    const field = readAssignField(searchParams.get("assign_field"));
    const assignId = searchParams.get("assign_id");
    if (!searchParams.has("assign_field") && !assignId) return;
    if (field && assignId) {
      setValue(ASSIGN_FIELDS[field], assignId, { shouldDirty: true });
      if (field === "reminder") setValue("followUp", true, { shouldDirty: true });
    }
    const next = new URLSearchParams(searchParams);
    next.delete("assign_field");
    next.delete("assign_id");
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams, setValue]);

  const requestId = watch("requestTemplateId");
  const reminderId = watch("reminderTemplateId");
  const formId = watch("formId");
  const followUp = watch("followUp");
  const requests = requestTemplates(templates);
  const reminders = reminderTemplates(templates);
  const requestTemplate = requests.find((x) => x.id === requestId);
  const reminderTemplate = reminders.find((x) => x.id === reminderId);
  const chosenForm = forms.find((x) => x.id === formId);
  const savedRequestDelay =
    requestTemplate?.send_after ?? product?.initial_email_delay_days ?? REQUEST_DELAY.default;
  const savedReminderDelay =
    reminderTemplate?.remind_after ?? product?.follow_up_delay_days ?? REMINDER_DELAY.default;

  const editLink = (path: string, id: string, field: "request" | "reminder" | "form") => {
    const query = new URLSearchParams({ edit: id, return: location.pathname });
    if (field !== "form") query.set("assign_field", field);
    return `${path}?${query.toString()}`;
  };

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
        <Section title={t.sections.info}>
          <FormField
            label={t.name}
            placeholder={t.namePlaceholder}
            error={fieldError.name?.message}
            autoComplete="off"
            {...register("name")}
          />
          <FormField label={t.sku} error={fieldError.sku?.message} autoComplete="off" {...register("sku")} />
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <div className="flex flex-col gap-1">
                <Text as="span" id="product-status-label" size="2" weight="medium">
                  {t.status}
                </Text>
                <Select.Root value={field.value} onValueChange={field.onChange}>
                  <Select.Trigger aria-labelledby="product-status-label" className="max-w-[14rem]" />
                  <Select.Content position="popper">
                    {PRODUCT_STATUSES.map((status) => (
                      <Select.Item key={status} value={status}>
                        {productStatusLabel(status)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </div>
            )}
          />
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <ImageInput
                label={t.image}
                value={field.value}
                onChange={field.onChange}
                error={fieldError.image?.message}
              />
            )}
          />
        </Section>

        <Section title={t.sections.email}>
          <Controller
            control={control}
            name="requestTemplateId"
            render={({ field }) => (
              <LinkedSelect
                label={t.requestTemplate}
                value={field.value}
                onChange={field.onChange}
                options={requests}
                emptyLabel={t.noTemplates}
                error={fieldError.requestTemplateId?.message}
              >
                {requestTemplate ? (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() =>
                      setPreview({ kind: "template", template: requestTemplate, field: "request" })
                    }
                  >
                    {t.preview}
                  </Button>
                ) : null}
              </LinkedSelect>
            )}
          />
          {requestTemplate ? (
            <DelaySlider
              label={t.requestDelay}
              min={REQUEST_DELAY.min}
              max={REQUEST_DELAY.max}
              value={requestDelay.valueOf(requestTemplate.id, savedRequestDelay)}
              onChange={(days) => requestDelay.set(requestTemplate.id, days)}
            />
          ) : null}
        </Section>

        <Section title={t.sections.form}>
          <Controller
            control={control}
            name="formId"
            render={({ field }) => (
              <LinkedSelect
                label={t.reviewForm}
                value={field.value}
                onChange={field.onChange}
                options={forms}
                emptyLabel={t.noForms}
                error={fieldError.formId?.message}
              >
                {chosenForm ? (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => setPreview({ kind: "form", form: chosenForm })}
                  >
                    {t.preview}
                  </Button>
                ) : null}
              </LinkedSelect>
            )}
          />
        </Section>

        <Section title={t.sections.reminder}>
          <Controller
            control={control}
            name="followUp"
            render={({ field }) => (
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium">
                  <Flex gap="2" align="center">
                    <Switch
                      checked={field.value}
                      onCheckedChange={(on) => {
                        field.onChange(on);
                        if (on && !reminderId)
                          setValue("reminderTemplateId", reminderToPreselect(templates, isNew), {
                            shouldDirty: true,
                          });
                      }}
                    />
                    {t.followUp}
                  </Flex>
                </Text>
                <Text size="1" color="gray">
                  {t.followUpDescription}
                </Text>
                {fieldError.followUp?.message ? (
                  <Text size="1" color="red" role="alert">
                    {fieldError.followUp.message}
                  </Text>
                ) : null}
              </Flex>
            )}
          />
          {followUp ? (
            <>
              <Controller
                control={control}
                name="reminderTemplateId"
                render={({ field }) => (
                  <LinkedSelect
                    label={t.reminderTemplate}
                    value={field.value}
                    onChange={field.onChange}
                    options={reminders}
                    emptyLabel={t.noTemplates}
                    error={fieldError.reminderTemplateId?.message}
                  >
                    {reminderTemplate ? (
                      <Button
                        type="button"
                        variant="outline"
                        onClick={() =>
                          setPreview({ kind: "template", template: reminderTemplate, field: "reminder" })
                        }
                      >
                        {t.preview}
                      </Button>
                    ) : null}
                  </LinkedSelect>
                )}
              />
              {reminderTemplate ? (
                <DelaySlider
                  label={t.reminderDelay}
                  min={REMINDER_DELAY.min}
                  max={REMINDER_DELAY.max}
                  value={reminderDelay.valueOf(reminderTemplate.id, savedReminderDelay)}
                  onChange={(days) => reminderDelay.set(reminderTemplate.id, days)}
                />
              ) : null}
            </>
          ) : null}
        </Section>

        <Flex gap="3" justify="end">
          <Button type="button" variant="outline" onClick={() => navigate("/products")}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isNew ? t.create : t.save}
          </Button>
        </Flex>
      </Flex>

      <PreviewDialog
        open={preview !== null}
        onOpenChange={(open) => (open ? undefined : setPreview(null))}
        title={preview?.kind === "form" ? preview.form.name : (preview?.template.name ?? t.preview)}
        actions={
          preview ? (
            <Button variant="secondary" asChild>
              <Link
                to={
                  preview.kind === "form"
                    ? editLink("/forms", preview.form.id, "form")
                    : editLink("/email-templates", preview.template.id, preview.field)
                }
              >
                {t.editLinked}
              </Link>
            </Button>
          ) : null
        }
      >
        {preview?.kind === "form" ? <FormPreview form={preview.form} /> : null}
        {preview?.kind === "template" ? <TemplatePreview template={preview.template} /> : null}
      </PreviewDialog>

      <UnsavedChangesDialog
        open={guard.blocked}
        saving={save.isPending}
        onLeave={guard.leave}
        onStay={guard.stay}
        onSave={onSaveThenLeave}
      />
    </form>
  );
}
