import { createRoot } from "react-dom/client";
import { getReviewFormPreview } from "./features/review-form/api/get-review-form";
import { ReviewFormPage } from "./features/review-form/components/review-form-page";
import { WithdrawalPage } from "./features/withdrawal/components/withdrawal-page";
import { noteOf } from "./lib/form-rules";
import "@certavis/ui/light.css";
import "@certavis/form-fields/form-fields.css";
import "./review-form.css";

const container = document.getElementById("root");
if (container) {
  const query = new URLSearchParams(window.location.search);
  // The author's withdrawal link shares the app: /create-reviews/retrait?token=…
  if (/\/create-reviews\/retrait\/?$/.test(window.location.pathname))
    createRoot(container).render(<WithdrawalPage token={query.get("token")?.trim() || null} />);
  else if (query.get("apercu"))
    createRoot(container).render(
      <ReviewFormPage apiKey={query.get("apercu")?.trim() || null} preview load={getReviewFormPreview} />,
    );
  else
    createRoot(container).render(
      <ReviewFormPage
        apiKey={query.get("api_key")?.trim() || null}
        note={noteOf(query.get("note"))}
        storeNote={noteOf(query.get("boutique"))}
      />,
    );
}
