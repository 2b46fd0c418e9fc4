import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';

/** Text for screen readers only (still read, never shown). */
export function VisuallyHidden({ className, ...props }: ComponentProps<'span'>) {
  return <span className={classNames('iv-visually-hidden', className)} {...props} />;
}
