// Compile-time checks (run by tsc) that the generated contract flows through the unwrapping client.
import { type CertavisClient, readList, type Schema } from "../src/index";

export async function loadProducts(api: CertavisClient): Promise<Schema<"Product">[]> {
  const page = await api.get("/company/products/", { params: { query: { limit: 100 } } });
  const count: number = page.count;
  // @ts-expect-error limit is a number
  await api.get("/company/products/", { params: { query: { limit: "100" } } });
  // @ts-expect-error the path needs its id
  await api.get("/company/products/{id}/");
  return count >= 0 ? readList(page) : [];
}
