// The README example, compiled by tsc so that it stays true.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createCertavisClient, readList, type Schema } from "../src/index";
import { type MutationConfig, type QueryConfig, queryKeys } from "../src/react-query";

const api = createCertavisClient({ onSessionExpired: () => window.location.assign("/login") });

export const getProducts = async (limit = 100) =>
  readList(await api.get("/company/products/", { params: { query: { limit } } }));

export const getProductsQueryOptions = (limit = 100) =>
  queryOptions({ queryKey: queryKeys.products.list({ limit }), queryFn: () => getProducts(limit) });

type UseProductsOptions = { limit?: number; queryConfig?: QueryConfig<typeof getProductsQueryOptions> };

export const useProducts = ({ limit, queryConfig }: UseProductsOptions = {}) =>
  useQuery({ ...getProductsQueryOptions(limit), ...queryConfig });

export function useProductNames() {
  const { data } = useProducts({ queryConfig: { staleTime: 30_000 } });
  const products: Schema<"Product">[] | undefined = data;
  return products?.map((product) => product.name);
}

export const deleteProduct = (id: string) =>
  api.delete("/company/products/{id}/", { params: { path: { id } } });

export const useDeleteProduct = (mutationConfig?: MutationConfig<typeof deleteProduct>) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteProduct,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      mutationConfig?.onSuccess?.(...args);
    },
  });
};

export async function login(email: string, password: string) {
  const answer = await api.post("/auth/login/", { body: { email, password } });
  // A Certavis operator gets a second-factor challenge instead (POST /auth/login/second-factor/).
  if ("access" in answer) api.tokenStore.set(answer);
}
