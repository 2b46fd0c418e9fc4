import { Card } from '@innerview/ui';
import { type ReactNode, useId } from 'react';

/**
 * One titled block of an account screen: a card named by its heading (a landmark region), with an
 * optional line of explanation. Headings are h2 under the page's h1.
 */
export function AccountSection({
  heading,
  description,
  tone = 'default',
  testId,
  children,
}: {
  heading: ReactNode;
  description?: ReactNode;
  /** `danger` marks the irreversible section (account deletion). */
  tone?: 'default' | 'danger';
  testId?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="iv-account-section" data-tone={tone} data-testid={testId}>
      <Card padding="lg">
        <h2 id={id} className="iv-account-section__heading">
          {heading}
        </h2>
        {description !== undefined && <p className="iv-account-section__text">{description}</p>}
        {children}
      </Card>
    </section>
  );
}
