import { toApiError } from "@certavis/api-client";
import { api } from "../../../lib/api-client";

/** Downloads the company's moderation trail (`journal-moderation.csv`). */
export async function downloadAuditCsv(): Promise<void> {
  const { data, error, response } = await api.client.GET("/company/reviews/audit.csv", { parseAs: "blob" });
  if (error !== undefined || !data) throw toApiError(response, error);
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = "journal-moderation.csv";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
