export { fr, type MessageGroup, type Messages } from "./catalog";
export * from "./format";
