import type { OrderCsvMapping } from "@certavis/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * A multipart body built by hand from the file's bytes: the same in browsers and in the tests
 * (jsdom's FormData is not the one Node's fetch reads).
 */
function multipart(bytes: Uint8Array, filename: string, fields: Record<string, string>) {
  const boundary = `----certavis${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const safeName = filename.replace(/["\r\n]/g, "_");
  const encoder = new TextEncoder();
  const texts = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const head = encoder.encode(
    `${texts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head, 0);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface StartOrderImport {
  bytes: Uint8Array;
  filename: string;
  /** Columns mapped by hand: column → header cell as written in the file. */
  mapping?: OrderCsvMapping;
  /** Orders older than 30 days recorded without e-mail. */
  skipOldOrders?: boolean;
}

/** `POST /company/orders/imports/`: the import starts (202 with the job) or the file is refused (400). */
export const startOrderImport = ({ bytes, filename, mapping, skipOldOrders }: StartOrderImport) => {
  const fields: Record<string, string> = {};
  if (mapping && Object.keys(mapping).length) fields.mapping = JSON.stringify(mapping);
  if (skipOldOrders) fields.skip_old_orders = "true";
  const { body, contentType } = multipart(bytes, filename, fields);
  return api.post("/company/orders/imports/", {
    body: { file: filename },
    bodySerializer: () => body,
    headers: { "content-type": contentType },
  });
};

export const useStartOrderImport = () => useMutation({ mutationFn: startOrderImport });
