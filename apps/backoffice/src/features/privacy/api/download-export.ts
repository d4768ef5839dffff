import { api } from "../../../lib/api-client";

/**
 * Starts the download of the company's ZIP export: the API gives a short-lived signed link
 * (`POST /company/export/link/`) that the browser follows as a plain navigation. The server answers
 * it as an attachment, so the file streams to disk: the tab never holds it, however large it is.
 */
export async function downloadExport(): Promise<void> {
  const { url } = await api.post("/company/export/link/");
  const link = document.createElement("a");
  link.href = url;
  document.body.append(link);
  link.click();
  link.remove();
}
