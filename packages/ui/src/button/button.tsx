import { Button as RadixButton, IconButton as RadixIconButton } from "@radix-ui/themes";
import { type ComponentProps, forwardRef } from "react";

/** Button variants and sizes of spec §9. */
export const BUTTON_VARIANTS = [
  "default",
  "destructive",
  "outline",
  "secondary",
  "ghost",
  "link",
  "success",
  "warning",
] as const;
export const BUTTON_SIZES = ["default", "sm", "lg", "icon", "xl"] as const;

export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];

type RadixProps = ComponentProps<typeof RadixButton>;

export interface RadixAppearance {
  variant: NonNullable<RadixProps["variant"]>;
  /** undefined = the theme's accent colour. */
  color: RadixProps["color"];
  className?: string;
}

/** How each spec variant is drawn with Radix Themes. */
export const BUTTON_VARIANT_MAP: Record<ButtonVariant, RadixAppearance> = {
  default: { variant: "solid", color: undefined },
  destructive: { variant: "solid", color: "red" },
  outline: { variant: "outline", color: "gray" },
  secondary: { variant: "soft", color: "gray" },
  ghost: { variant: "ghost", color: "gray" },
  link: { variant: "ghost", color: undefined, className: "cv-button-link" },
  success: { variant: "solid", color: "green" },
  warning: { variant: "solid", color: "amber" },
};

/** Radix size of each spec size; `icon` is a square Radix IconButton of the default size. */
export const BUTTON_SIZE_MAP: Record<ButtonSize, { size: "1" | "2" | "3" | "4"; className?: string }> = {
  sm: { size: "1" },
  default: { size: "2" },
  icon: { size: "2" },
  lg: { size: "3" },
  xl: { size: "4", className: "cv-button-xl" },
};

export type ButtonProps = Omit<RadixProps, "variant" | "size" | "color"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

function joinClasses(...names: (string | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(" ");
  return joined || undefined;
}

/**
 * The back-office button (needs Radix Themes CSS, i.e. theme.css). `size="icon"` draws a square
 * icon button: give it an `aria-label`.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "default", size = "default", className, ...props },
  ref,
) {
  const appearance = BUTTON_VARIANT_MAP[variant];
  const sizing = BUTTON_SIZE_MAP[size];
  const shared = {
    ...props,
    ref,
    variant: appearance.variant,
    color: appearance.color,
    size: sizing.size,
    className: joinClasses(appearance.className, sizing.className, className),
    "data-variant": variant,
  };
  return size === "icon" ? <RadixIconButton {...shared} /> : <RadixButton {...shared} />;
});
