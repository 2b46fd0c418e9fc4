import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { Spinner } from './spinner.tsx';

export type LoadingScreenProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** What is happening ("Checking your session…"), translated by the caller. */
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
};

/** Full-page loading state, e.g. while a stored session is checked (docs/product.md#guards, guard rules). */
export function LoadingScreen({ label, hideLabel = false, className, ...props }: LoadingScreenProps) {
  return (
    <div role="status" aria-live="polite" className={classNames('iv-loading-screen', className)} {...props}>
      <Spinner size="lg" />
      <p className={hideLabel ? 'iv-visually-hidden' : 'iv-loading-screen__label'}>{label}</p>
    </div>
  );
}
