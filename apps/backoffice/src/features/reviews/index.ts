// What other features may use of moderation (the dashboard opens the same review dialog).
export { ReviewDialog } from "./components/review-dialog";
export { StatusBadge } from "./components/status-badge";
export { useAwaitingReply } from "./api/get-awaiting-reply";
