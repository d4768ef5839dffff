import { messageFromBody } from "@certavis/api-client";
import { type FormField, validateStoreReview } from "@certavis/domain";
import { answerErrorsText } from "@certavis/i18n-fr/domain-text";
import { type FormEvent, useState } from "react";
import { fr } from "../../../lib/fr";
import { submitStoreReview } from "../api/submit-store-review";
import { ErrorBanner } from "./error-banner";
import { FieldInput } from "./field-input";

interface Props {
  question: { shop_name: string; api_key: string };
  /** The shop's stars chosen in the e-mail (`boutique` of the link), 1 to 5. */
  note?: number | null;
  submit?: typeof submitStoreReview;
  /** Called once the answer is recorded. */
  onDone?: () => void;
}

const t = fr.publicForm.store;

/**
 * 'Votre expérience avec {boutique}': whole stars 1 to 5 (required), optional title and comment, sent
 * on their own (the product's form below is answered apart, or not at all).
 */
export function StoreQuestion({ question, note = null, submit = submitStoreReview, onDone }: Props) {
  const fields: FormField[] = [
    {
      id: "store_rating",
      type: "rating",
      label: t.question(question.shop_name),
      required: true,
      page: 1,
      position: 0,
      rating_max: 5,
      rating_type: "note",
    },
    {
      id: "store_title",
      type: "text",
      label: t.title,
      required: false,
      page: 1,
      position: 1,
      max_length: 200,
    },
    {
      id: "store_comment",
      type: "textarea",
      label: t.comment,
      required: false,
      page: 1,
      position: 2,
      max_length: 5000,
    },
  ];
  const [values, setValues] = useState<Record<string, unknown>>(() => (note ? { store_rating: note } : {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const answer = {
      rating: values.store_rating,
      title: typeof values.store_title === "string" ? values.store_title : "",
      comment: typeof values.store_comment === "string" ? values.store_comment : "",
    };
    const checked = validateStoreReview(answer);
    if (!checked.ok) {
      const first = Object.entries(checked.errors).flatMap(([key, list]) =>
        list?.[0] ? [[`store_${key}`, list[0]] as const] : [],
      );
      setErrors(answerErrorsText(Object.fromEntries(first)));
      return;
    }
    setErrors({});
    setBanner([]);
    setSending(true);
    const result = await submit(question.api_key, checked.value);
    setSending(false);
    if (result.ok) {
      setDone(true);
      onDone?.();
    } else setBanner([messageFromBody(result.body) ?? t.failed]);
  };

  return (
    <section className="rf-store" aria-labelledby="rf-store-heading">
      <h2 className="rf-store-heading" id="rf-store-heading">
        {t.heading}
      </h2>
      {done ? (
        <p className="rf-status" role="status">
          {t.done}
        </p>
      ) : (
        <form className="rf-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={sending}>
          <ErrorBanner messages={banner} />
          <p className="rf-description">{t.intro}</p>
          {fields.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              value={values[field.id]}
              error={errors[field.id]}
              onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
            />
          ))}
          <button className="rf-button" type="submit" disabled={sending}>
            {sending ? fr.publicForm.sending : t.submit}
          </button>
        </form>
      )}
    </section>
  );
}
