import type { CSSProperties } from "react";
import { initialsOf } from "./initials";

export interface InitialsAvatarProps {
  name: string | null | undefined;
  /** Diameter in pixels (default 40). */
  size?: number;
  /** When given, the avatar is announced with this label; otherwise it is decorative. */
  label?: string;
  className?: string;
}

/** A round badge with the initials of a name. Needs only light.css (no Radix Themes). */
export function InitialsAvatar({ name, size = 40, label, className }: InitialsAvatarProps) {
  const initials = initialsOf(name) || "?";
  const style = { "--cv-avatar-size": `${size}px` } as CSSProperties;
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <span className={className ? `cv-avatar ${className}` : "cv-avatar"} style={style} {...a11y}>
      {initials}
    </span>
  );
}
