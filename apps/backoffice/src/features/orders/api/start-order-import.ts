import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * A multipart body built by hand from the file's bytes: the same in browsers and in the tests
 * (jsdom's FormData is not the one Node's fetch reads).
 */
function multipart(bytes: Uint8Array, filename: string) {
  const boundary = `----certavis${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const safeName = filename.replace(/["\r\n]/g, "_");
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head, 0);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `POST /company/orders/imports/`: the import starts (202 with the job) or the file is refused (400). */
export const startOrderImport = ({ bytes, filename }: { bytes: Uint8Array; filename: string }) => {
  const { body, contentType } = multipart(bytes, filename);
  return api.post("/company/orders/imports/", {
    body: { file: filename },
    bodySerializer: () => body,
    headers: { "content-type": contentType },
  });
};

export const useStartOrderImport = () => useMutation({ mutationFn: startOrderImport });
