import './auth.css';
import { Card, classNames, PageHeader } from '@innerview/ui';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../use-document-title.ts';

export type AuthScreenProps = {
  /** `data-screen` of the section (the route's screen, as the titled placeholders had it). */
  screen: string;
  title: string;
  description?: ReactNode;
  /** Sign-up has more fields side by side on wide screens. */
  size?: 'narrow' | 'wide';
  /** 2 where the screen sits inside a page with its own h1 (the sign-in beside the landing page). */
  level?: 1 | 2;
  children: ReactNode;
};

/** The card every accounts screen sits in, with its page title (h1) and the tab's title. */
export function AuthScreen({
  screen,
  title,
  description,
  size = 'narrow',
  level = 1,
  children,
}: AuthScreenProps) {
  useDocumentTitle(title);
  return (
    <section className={classNames('iv-auth', size === 'wide' && 'iv-auth--wide')} data-screen={screen}>
      <Card padding="lg" className="iv-auth__card">
        <PageHeader title={title} description={description} level={level} />
        {children}
      </Card>
    </section>
  );
}
