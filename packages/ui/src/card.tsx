import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';

export type CardProps = ComponentProps<'div'> & {
  /** `highlighted` draws the accent border (e.g. the recommended plan). */
  variant?: 'default' | 'highlighted';
  padding?: 'md' | 'lg';
};

/** A surface that groups related content. Give it a heading inside; it adds no semantics of its own. */
export function Card({ variant = 'default', padding = 'md', className, ...props }: CardProps) {
  return (
    <div
      className={classNames(
        'iv-card',
        variant === 'highlighted' && 'iv-card--highlighted',
        `iv-card--pad-${padding}`,
        className,
      )}
      {...props}
    />
  );
}
