import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> & {
  size?: SpinnerSize;
  /**
   * What is loading, for screen readers. With a label the spinner is a `role="status"` region;
   * without one it is decorative (use that inside a control that already says it is busy).
   */
  label?: string;
};

export function Spinner({ size = 'md', label, className, ...props }: SpinnerProps) {
  const classes = classNames('iv-spinner', `iv-spinner--${size}`, className);
  if (label === undefined) return <span className={classes} aria-hidden="true" {...props} />;
  return (
    <span role="status" className="iv-spinner-status" {...props}>
      <span className={classes} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
