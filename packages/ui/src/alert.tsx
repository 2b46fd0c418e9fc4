import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { hasContent } from './field.tsx';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons.tsx';

export type AlertVariant = 'info' | 'warning' | 'error' | 'success';

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> & {
  variant?: AlertVariant;
  title?: ReactNode;
  /** Buttons or links (retry, contact support). */
  actions?: ReactNode;
};

const icons = { info: InfoIcon, warning: WarningIcon, error: ErrorIcon, success: SuccessIcon };

/**
 * An inline message. Errors and warnings use `role="alert"` (read at once when they appear);
 * info and success use `role="status"` (read politely). Pass `role` to override.
 */
export function Alert({ variant = 'info', title, actions, className, children, role, ...props }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div
      role={role ?? (variant === 'error' || variant === 'warning' ? 'alert' : 'status')}
      className={classNames('iv-alert', `iv-alert--${variant}`, className)}
      data-variant={variant}
      {...props}
    >
      <Icon className="iv-alert__icon" />
      <div className="iv-alert__content">
        {hasContent(title) && <p className="iv-alert__title">{title}</p>}
        {hasContent(children) && <div className="iv-alert__body">{children}</div>}
        {hasContent(actions) && <div className="iv-alert__actions">{actions}</div>}
      </div>
    </div>
  );
}
