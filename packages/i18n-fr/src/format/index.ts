export { DASH } from "./dash";
export {
  type DateFormatOptions,
  type DateInput,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTime,
  LOCALE,
  toDate,
} from "./date";
export {
  formatAverage,
  formatCount,
  formatDelay,
  formatInteger,
  formatPercent,
  formatPrice,
} from "./number";
export { countOf, plural } from "./plural";
export { formatRelativeTime, relativeTimeParts } from "./relative-time";
