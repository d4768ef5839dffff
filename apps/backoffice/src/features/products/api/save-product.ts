import { queryKeys } from "@certavis/api-client/react-query";
import { type ProductPayload, productMultipartFields } from "@certavis/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImageValue } from "../../../components/image-input";
import { api } from "../../../lib/api-client";

export interface SaveProductInput {
  /** Absent: a new product (POST). */
  id?: string;
  payload: ProductPayload;
  /** The image as it is now and as it was loaded: a new file goes multipart, a removed one `image_url: null`. */
  image: ImageValue;
  initialImage: string | null;
}

function multipart(payload: ProductPayload, file: File): FormData {
  const form = new FormData();
  for (const [key, value] of productMultipartFields(payload)) form.append(key, value);
  form.append("image", file, file.name);
  return form;
}

/** Spec §7 product payload: JSON, or multipart with the same fields plus `image` when a file is chosen. */
export function saveProduct({ id, payload, image, initialImage }: SaveProductInput) {
  const file = image instanceof File ? image : null;
  const removed = image === null && initialImage !== null;
  // Spec §7: `image_url: null` (or `image: null`) removes the image.
  const body = removed ? { ...payload, image_url: null } : payload;
  const bodySerializer = file ? () => multipart(payload, file) : undefined;
  if (id)
    return api.patch("/company/products/{id}/", {
      params: { path: { id } },
      body,
      ...(bodySerializer ? { bodySerializer } : {}),
    });
  return api.post("/company/products/", { body, ...(bodySerializer ? { bodySerializer } : {}) });
}

export const useSaveProduct = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (product) => {
      client.setQueryData(queryKeys.products.detail(product.id), product);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.products.lists() }),
        client.invalidateQueries({ queryKey: queryKeys.company }),
      ]);
    },
  });
};
