import { createRoot } from "react-dom/client";
import { ReviewFormPage } from "./features/review-form/components/review-form-page";
import "@certavis/ui/light.css";
import "@certavis/form-fields/form-fields.css";
import "./review-form.css";

const container = document.getElementById("root");
if (container) {
  const apiKey = new URLSearchParams(window.location.search).get("api_key")?.trim() || null;
  createRoot(container).render(<ReviewFormPage apiKey={apiKey} />);
}
