/** Light primitives for the review form and the widget: no Radix Themes, styles in light.css. */

export { initialsOf } from "./initials";
export { InitialsAvatar, type InitialsAvatarProps } from "./initials-avatar";
export {
  clampRating,
  STARS_MAX,
  type StarState,
  Stars,
  type StarsProps,
  starStates,
  starsLabel,
} from "./stars";
