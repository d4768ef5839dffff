import { ApiError } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { type ModerationStatus, type Rejection, useUpdateReviewStatus } from "./update-review-status";

/** Approve or reject with the spec's toasts; `busy` while a change is in flight (no second change meanwhile). */
export function useReviewModeration() {
  const mutation = useUpdateReviewStatus();

  async function moderate(id: string, status: ModerationStatus, rejection?: Rejection): Promise<boolean> {
    if (mutation.isPending) return false;
    try {
      await mutation.mutateAsync({ id, status, rejection });
      toast({
        title: status === "approved" ? fr.reviews.toasts.approved : fr.reviews.toasts.rejected,
        variant: "success",
      });
      return true;
    } catch (error) {
      // Gone or changed meanwhile (spec §8): always the same message, whatever the server said.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409))
        toast({ title: fr.errors.title, description: fr.errors.reviews.notFound, variant: "error" });
      else
        toastError(
          error,
          status === "approved" ? fr.errors.reviews.approveFailed : fr.errors.reviews.rejectFailed,
        );
      return false;
    }
  }

  return { moderate, busy: mutation.isPending };
}
