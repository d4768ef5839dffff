import { useEffect, useState } from "react";
import { fr } from "../../../lib/fr";
import { getReviewForm } from "../api/get-review-form";
import type { PublicForm } from "../api/review-form-types";
import type { OtherProduct, StoreQuestionOffer, SubmitResult, submitReview } from "../api/submit-review";
import type { submitStoreReview } from "../api/submit-store-review";
import { FormFooter } from "./form-footer";
import { FormHeader } from "./form-header";
import { OtherProducts } from "./other-products";
import { ProductCard } from "./product-card";
import { ReviewForm } from "./review-form";
import { StoreQuestion } from "./store-question";
import { ThankYou } from "./thank-you";

type State =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "filling"; data: PublicForm }
  | { kind: "submitted"; data: PublicForm; others: OtherProduct[]; storeQuestion: StoreQuestionOffer | null };

interface Props {
  apiKey: string | null;
  /** The rating chosen by a star of the e-mail (`note` of the link). */
  note?: number | null;
  /** The shop's stars chosen in the e-mail (`boutique` of the link). */
  storeNote?: number | null;
  /** A preview (the template editor's test e-mail): `apiKey` is the company's id and nothing is sent. */
  preview?: boolean;
  load?: typeof getReviewForm;
  submit?: typeof submitReview;
  submitStore?: typeof submitStoreReview;
}

/** A preview sends nothing: 'Envoyer mon avis' only shows the thank-you screen. */
const previewSubmit = async (): Promise<SubmitResult> => ({ ok: true });

/** /create-reviews?api_key=: loading, error, filling, submitted (spec §4). */
export function ReviewFormPage({
  apiKey,
  note = null,
  storeNote = null,
  preview = false,
  load = getReviewForm,
  submit,
  submitStore,
}: Props) {
  // The store question answered on this page: the thank-you screen does not ask it again.
  const [storeAnswered, setStoreAnswered] = useState(false);
  const [state, setState] = useState<State>(() =>
    apiKey ? { kind: "loading" } : { kind: "error", message: fr.errors.publicForm.missingKey },
  );

  useEffect(() => {
    if (!apiKey) return;
    let live = true;
    setState((current) => (current.kind === "loading" ? current : { kind: "loading" }));
    void load(apiKey).then((result) => {
      if (!live) return;
      setState(
        result.ok ? { kind: "filling", data: result.data } : { kind: "error", message: result.message },
      );
    });
    return () => {
      live = false;
    };
  }, [apiKey, load]);

  const data = state.kind === "filling" || state.kind === "submitted" ? state.data : null;
  return (
    <div className="rf-page-shell">
      {data ? <FormHeader company={data.company} /> : null}
      <main className="rf-main">
        {state.kind === "loading" ? (
          <>
            <h1 className="rf-visually-hidden">{fr.publicForm.pageTitle}</h1>
            <p className="rf-status" role="status">
              {fr.common.loading}
            </p>
          </>
        ) : state.kind === "error" ? (
          <>
            <h1 className="rf-visually-hidden">{fr.publicForm.pageTitle}</h1>
            <div className="rf-status rf-status--error" role="alert">
              <p>{state.message}</p>
            </div>
          </>
        ) : state.kind === "submitted" ? (
          <ThankYou
            company={state.data.company}
            others={state.others}
            storeQuestion={state.storeQuestion}
            submitStore={submitStore}
          />
        ) : (
          <>
            <h1 className="rf-title">{state.data.form.title}</h1>
            {state.data.form.description ? (
              <p className="rf-description">{state.data.form.description}</p>
            ) : null}
            <p className="rf-pitch">{fr.publicForm.pitch}</p>
            {state.data.store_question && !preview ? (
              <>
                <StoreQuestion
                  question={state.data.store_question}
                  note={storeNote}
                  submit={submitStore}
                  onDone={() => setStoreAnswered(true)}
                />
                <h2 className="rf-store-heading">{fr.publicForm.store.productHeading}</h2>
              </>
            ) : null}
            <ProductCard product={state.data.product} order={state.data.order} />
            {preview ? (
              <p className="rf-status" role="note">
                {fr.publicForm.preview}
              </p>
            ) : null}
            <ReviewForm
              // Another form or review key starts over (spec §4: page index reset when the form changes),
              // and one key's answers are never saved as another's draft.
              key={`${apiKey}|${state.data.form.id}`}
              apiKey={apiKey ?? ""}
              form={state.data.form}
              note={note}
              submit={preview ? previewSubmit : submit}
              onSubmitted={(others, storeQuestion) =>
                setState({
                  kind: "submitted",
                  data: state.data,
                  others,
                  // The server says whether the order's store review is still missing after this one.
                  storeQuestion: preview || storeAnswered ? null : storeQuestion,
                })
              }
            />
            <OtherProducts products={state.data.other_products ?? []} />
          </>
        )}
      </main>
      <FormFooter website={data?.company.url} contact={data?.company.contact_email} />
    </div>
  );
}
