import { toApiError } from "@certavis/api-client";
import { api } from "../../../lib/api-client";

/** The name the server gives the file (`certavis-export-<slug>-<date>.zip`). */
function fileName(response: Response): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? "certavis-export.zip";
}

/**
 * Downloads the company's ZIP export (`GET /company/export/`), telling `onProgress` the bytes received
 * so far (the server streams it: its size is not known in advance), then saves it.
 */
export async function downloadExport(onProgress: (bytes: number) => void): Promise<void> {
  const { data, error, response } = await api.client.GET("/company/export/", { parseAs: "stream" });
  if (error !== undefined || !data) throw toApiError(response, error);
  const reader = (data as ReadableStream<Uint8Array>).getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(new Uint8Array(value));
    received += value.byteLength;
    onProgress(received);
  }
  const url = URL.createObjectURL(new Blob(parts, { type: "application/zip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(response);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
