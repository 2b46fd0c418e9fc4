import type { ReactNode } from 'react';
import { useDocumentTitle } from '../use-document-title.ts';

/**
 * The frame of the one-message subscription screens (success, validation, expired): a card with
 * a heading, what happened, optional facts and the ways on.
 */
export function StatusScreen({
  screen,
  tone = 'default',
  title,
  children,
  facts,
  actions,
  extra,
}: {
  screen: string;
  tone?: 'default' | 'success' | 'attention';
  title: string;
  children?: ReactNode;
  facts?: ReadonlyArray<{ label: string; value: ReactNode }>;
  actions?: ReactNode;
  /** Below the facts, above the ways on (an offer that belongs to this moment). */
  extra?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <article className="iv-billing-status" data-screen={screen} data-tone={tone}>
      <h1 className="iv-billing-status__title">{title}</h1>
      {children}
      {facts && facts.length > 0 && (
        <dl className="iv-billing-facts">
          {facts.map((fact) => (
            <div key={fact.label} className="iv-billing-facts__row">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {extra}
      {actions && <div className="iv-billing-status__actions">{actions}</div>}
    </article>
  );
}
