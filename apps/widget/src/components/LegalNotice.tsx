import { pendingWidget } from "../strings-pending";

/** What French law asks next to published reviews: they are checked, how they are sorted, and how it works. */
export function LegalNotice() {
  return (
    <p className="cw-notice">
      <span>{pendingWidget.certifiedNotice}</span>
      <span aria-hidden="true"> · </span>
      <span>{pendingWidget.sortOrder}</span>
      <span aria-hidden="true"> · </span>
      <a href="/widget/fonctionnement" target="_blank" rel="noopener">
        {pendingWidget.howItWorks}
      </a>
    </p>
  );
}
