export { fr, type MessageGroup, type Messages } from "./catalog";
export * from "./domain-text";
export * from "./format";
export * from "./labels/index";
export { answerMessages } from "./messages/answer-messages";
export { type DomainTexts, domainMessages, planLimitMessages } from "./messages/domain-messages";
