export { fr, type MessageGroup, type Messages } from "./catalog";
export * from "./format";
export * from "./domain-text";
export * from "./labels";
export { answerMessages, type DomainTexts, domainMessages, planLimitMessages } from "./messages/domain-messages";
