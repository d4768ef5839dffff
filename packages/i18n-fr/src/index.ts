export { fr, type MessageGroup, type Messages } from "./catalog";
export * from "./domain-text";
export * from "./format";
export * from "./labels";
export {
  answerMessages,
  type DomainTexts,
  domainMessages,
  planLimitMessages,
} from "./messages/domain-messages";
