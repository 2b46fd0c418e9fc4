import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { hasContent } from './field.tsx';

export type PageHeaderProps = Omit<ComponentProps<'header'>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the end (wrap under the title on narrow screens). */
  actions?: ReactNode;
  /** A back button or breadcrumb above the title. */
  back?: ReactNode;
  /** Heading level: 1 for a page, 2 inside a layout that already has an h1. */
  level?: 1 | 2;
};

export function PageHeader({
  title,
  description,
  actions,
  back,
  level = 1,
  className,
  ...props
}: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={classNames('iv-page-header', className)} {...props}>
      {hasContent(back) && <div className="iv-page-header__back">{back}</div>}
      <div className="iv-page-header__row">
        <div className="iv-page-header__text">
          <Heading className="iv-page-header__title">{title}</Heading>
          {hasContent(description) && <p className="iv-page-header__description">{description}</p>}
        </div>
        {hasContent(actions) && <div className="iv-page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}
