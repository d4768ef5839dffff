import { createApiClient } from "../src/create-api-client";
import type { paths } from "./test-paths";

const api = createApiClient<paths>({ baseUrl: "http://x/api/v1" });
export async function check() {
  const me = await api.get("/users/me/");
  const email: string = me.email;
  const created = await api.post("/company/products/", { body: { name: "a", status: "draft" } });
  const id: string = created.id;
  const list = await api.get("/company/products/", { params: { query: { limit: 100 } } });
  const n: number = list.count;
  await api.delete("/company/products/{id}/", { params: { path: { id } } });
  // @ts-expect-error unknown path
  await api.get("/nope/");
  // @ts-expect-error wrong body
  await api.post("/company/products/", { body: { name: 1 } });
  // @ts-expect-error missing path param
  await api.delete("/company/products/{id}/");
  const raw = await api.client.GET("/users/me/");
  return [email, n, raw.data?.email];
}
