import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { Slot } from './slot.tsx';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width (handy on narrow screens). */
  block?: boolean;
  /**
   * Busy state: shows a spinner, sets `aria-busy` and ignores clicks while keeping focus on the
   * button (a disabled button would drop keyboard focus mid-submit).
   */
  loading?: boolean;
  /** Render the single child (e.g. a router `<Link>`) with the button's look instead of a `<button>`. */
  asChild?: boolean;
};

export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  block = false,
  className?: string,
): string {
  return classNames(
    'iv-button',
    `iv-button--${variant}`,
    `iv-button--${size}`,
    block && 'iv-button--block',
    className,
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  asChild = false,
  type = 'button',
  className,
  children,
  onClick,
  disabled,
  ...props
}: ButtonProps) {
  const classes = buttonClassName(variant, size, block, className);
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      data-loading={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {loading && <Spinner size="sm" />}
      <span className="iv-button__label">{children}</span>
    </button>
  );
}

export type LinkButtonProps = ComponentProps<'button'> & { asChild?: boolean };

/** A button that looks like an inline link ("Forgot password?", "Resend e-mail"). */
export function LinkButton({ asChild = false, type = 'button', className, ...props }: LinkButtonProps) {
  const classes = classNames('iv-link', className);
  if (asChild) return <Slot className={classes} {...props} />;
  return <button type={type} className={classes} {...props} />;
}
