export * from "./billing";
export * from "./catalog";
export * from "./cluster";
export * from "./companies";
export * from "./identity";
export * from "./order-imports";
export * from "./privacy";
export * from "./reviews";
