import { Theme } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";

export type AppThemeProps = Omit<ComponentProps<typeof Theme>, "accentColor" | "radius"> & {
  children: ReactNode;
};

/** The back-office look: Radix Themes with the brand accent, medium radius, French text direction. */
export function AppTheme({ children, ...props }: AppThemeProps) {
  return (
    <Theme accentColor="jade" grayColor="slate" radius="medium" scaling="100%" lang="fr" {...props}>
      {children}
    </Theme>
  );
}

export const ThemeProvider = AppTheme;
