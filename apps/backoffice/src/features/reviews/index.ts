// What other features may use of moderation (the dashboard opens the same review dialog).

export { useAwaitingReply } from "./api/get-awaiting-reply";
export { ReviewDialog } from "./components/review-dialog";
