import { toApiError } from "@certavis/api-client";
import { api } from "../../../lib/api-client";

/** Downloads an invoice as PDF (`GET /company/invoices/{id}/pdf/`, `facture-<numéro>.pdf`). */
export async function downloadInvoicePdf(id: string, number: string): Promise<void> {
  const { data, error, response } = await api.client.GET("/company/invoices/{id}/pdf/", {
    params: { path: { id } },
    parseAs: "blob",
  });
  if (error !== undefined || !data) throw toApiError(response, error);
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `facture-${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
