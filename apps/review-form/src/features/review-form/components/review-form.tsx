import { cleanAnswers, firstPageWithError, validateAnswers, validatePage } from "@certavis/domain";
import { answerErrorsText } from "@certavis/i18n-fr/domain-text";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { clearDraft, loadDraft, saveDraft } from "../../../lib/draft-storage";
import { type Answers, formPages, initialAnswers } from "../../../lib/form-rules";
import { fr } from "../../../lib/fr";
import type { PublicForm } from "../api/review-form-types";
import { submitErrorsOf } from "../api/submit-errors";
import { type OtherProduct, type StoreQuestionOffer, submitReview } from "../api/submit-review";
import { useFormFocus } from "../lib/use-form-focus";
import { ErrorBanner } from "./error-banner";
import { FieldInput } from "./field-input";
import { FormPageNav } from "./form-page-nav";
import { UploadProgress } from "./upload-progress";

interface Props {
  apiKey: string;
  form: PublicForm["form"];
  /** The rating chosen by a star of the e-mail (1 to 5), given to the first rating field. */
  note?: number | null;
  /** With the order's other products still to review. */
  onSubmitted: (others: OtherProduct[], storeQuestion: StoreQuestionOffer | null) => void;
  submit?: typeof submitReview;
}

/** The paged form: 'Suivant' checks the page, 'Envoyer mon avis' checks everything. */
export function ReviewForm({ apiKey, form, note = null, onSubmitted, submit = submitReview }: Props) {
  const pages = useMemo(() => formPages(form.schema), [form.schema]);
  const fields = useMemo(() => pages.flatMap((page) => page.fields), [pages]);
  const draft = useMemo(() => loadDraft(apiKey), [apiKey]);
  const [answers, setAnswers] = useState<Answers>(() => ({
    ...initialAnswers(fields, note),
    ...draft?.answers,
  }));
  const [files, setFiles] = useState<Record<string, File[]>>({});
  const [pageIndex, setPageIndex] = useState(() =>
    Math.min(Math.max(draft?.page ?? 0, 0), Math.max(pages.length - 1, 0)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const index = Math.min(pageIndex, Math.max(pages.length - 1, 0));
  const page = pages[index];
  const isLast = index >= pages.length - 1;
  const values = { ...answers, ...files };

  useEffect(() => saveDraft(apiKey, { answers, page: index }), [apiKey, answers, index]);

  const { formRef, pageHeading, bannerRef, requestFocus } = useFormFocus(errors, page?.fields);

  const change = (fieldId: string, isFile: boolean, value: unknown) => {
    if (isFile) {
      setFiles((current) => {
        const next = { ...current };
        if (Array.isArray(value) && value.length > 0) next[fieldId] = value as File[];
        else delete next[fieldId];
        return next;
      });
    } else {
      setAnswers((current) => {
        const next = { ...current };
        if (value === undefined) delete next[fieldId];
        else next[fieldId] = value;
        return next;
      });
    }
    if (errors[fieldId]) {
      setErrors((current) => {
        const { [fieldId]: _removed, ...rest } = current;
        return rest;
      });
    }
  };

  const goTo = (nextIndex: number) => {
    setPageIndex(nextIndex);
    requestFocus("page");
  };

  const next = () => {
    if (!page) return;
    const pageErrors = answerErrorsText(validatePage(fields, values, page.page));
    setErrors(pageErrors);
    if (Object.keys(pageErrors).length > 0) requestFocus("error");
    else goTo(index + 1);
  };

  const send = async () => {
    const allErrors = answerErrorsText(validateAnswers(fields, values, { ignoreUnknown: true }));
    setErrors(allErrors);
    if (Object.keys(allErrors).length > 0) {
      const errorPage = firstPageWithError(fields, allErrors);
      const errorIndex = pages.findIndex((p) => p.page === errorPage);
      setPageIndex(errorIndex >= 0 ? errorIndex : index);
      requestFocus("error");
      return;
    }
    setBanner([]);
    setSending(true);
    const hasFiles = Object.keys(files).length > 0;
    setProgress(hasFiles ? 0 : null);
    const result = await submit(apiKey, cleanAnswers(fields, answers), files, {
      onProgress: hasFiles ? setProgress : undefined,
    });
    setSending(false);
    setProgress(null);
    if (result.ok) {
      clearDraft(apiKey);
      onSubmitted(result.others ?? [], result.storeQuestion ?? null);
      return;
    }
    const mapped = submitErrorsOf(
      result,
      fields.map((f) => f.id),
    );
    setErrors(mapped.fields);
    setBanner(mapped.banner);
    if (Object.keys(mapped.fields).length > 0) {
      const errorPage = firstPageWithError(fields, mapped.fields);
      const errorIndex = pages.findIndex((p) => p.page === errorPage);
      if (errorIndex >= 0) setPageIndex(errorIndex);
      requestFocus(mapped.banner.length > 0 ? "banner" : "error");
    } else requestFocus("banner");
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!isLast) next();
    else void send();
  };

  return (
    <form ref={formRef} className="rf-form" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <ErrorBanner ref={bannerRef} messages={banner} />
      {pages.length > 1 ? (
        <p className="rf-page" ref={pageHeading} tabIndex={-1}>
          {fr.publicForm.page(index + 1, pages.length)}
        </p>
      ) : null}
      <p className="rf-hint">{fr.publicForm.requiredHint}</p>
      {page?.fields.map((field) => (
        <FieldInput
          key={field.id}
          field={field}
          value={values[field.id]}
          error={errors[field.id]}
          onChange={(value) => change(field.id, field.type === "file" || field.type === "media", value)}
        />
      ))}
      {progress !== null ? <UploadProgress progress={progress} /> : null}
      <FormPageNav first={index === 0} last={isLast} sending={sending} onPrevious={() => goTo(index - 1)} />
    </form>
  );
}
