// What other features may use of products (the reviews filter lists them).
export { useProducts } from "./api/get-products";
