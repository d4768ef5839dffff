export {
  BUTTON_SIZE_MAP,
  BUTTON_SIZES,
  BUTTON_VARIANT_MAP,
  BUTTON_VARIANTS,
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from "./button/button";
export * from "./light";
export { AppTheme, type AppThemeProps, ThemeProvider } from "./theme/app-theme";
