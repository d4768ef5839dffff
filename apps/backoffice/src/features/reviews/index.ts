// What other features may use of moderation (the dashboard opens the same review dialog; the products
// page shows a product's reviews with the same pieces).

export { useAwaitingReply } from "./api/get-awaiting-reply";
export { ReviewAuthor } from "./components/review-author";
export { ReviewDialog } from "./components/review-dialog";
export { ReviewText } from "./components/review-text";
export { StatusBadge } from "./components/status-badge";
export { ratingText } from "./lib/rating-text";
