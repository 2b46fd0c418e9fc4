// Public API of @innerview/ui. Every visible or accessible string comes from props: the apps
// translate them. Styles: import '@innerview/ui/styles.css' once in the host.

export { Alert, type AlertProps, type AlertVariant } from './alert.tsx';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
  LinkButton,
  type LinkButtonProps,
} from './button.tsx';
export { Card, type CardProps } from './card.tsx';
export { Checkbox, type CheckboxProps } from './checkbox.tsx';
export { classNames } from './class-names.ts';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';
export { Dialog, DialogClose, type DialogProps, type DialogSize } from './dialog.tsx';
export { CheckIcon, CloseIcon, Icon, type IconProps } from './icons.tsx';
export { LoadingScreen, type LoadingScreenProps } from './loading-screen.tsx';
export { PageHeader, type PageHeaderProps } from './page-header.tsx';
export { PasswordField, type PasswordFieldProps } from './password-field.tsx';
export { RetryAlert, type RetryAlertProps } from './retry-alert.tsx';
export { Select, type SelectOption, type SelectProps } from './select.tsx';
export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner.tsx';
export { type CounterState, counterState, TextField, type TextFieldProps } from './text-field.tsx';
export {
  applyResolvedTheme,
  DARK_SCHEME_QUERY,
  isTheme,
  type ResolvedTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  THEMES,
  type Theme,
} from './theme.ts';
export { THEME_BOOT_SCRIPT_HASH, themeBootScript } from './theme-boot-script.ts';
export {
  type ThemeContextValue,
  ThemeProvider,
  type ThemeProviderProps,
  useTheme,
} from './theme-provider.tsx';
export {
  TOAST_DEFAULT_MS,
  TOAST_LIMIT,
  TOAST_LOCK_MS,
  TOAST_WARNING_MS,
  type ToastAction,
  type ToastApi,
  type ToastOptions,
  ToastProvider,
  type ToastProviderProps,
  type ToastVariant,
  useToast,
} from './toast.tsx';
export { VisuallyHidden } from './visually-hidden.tsx';
