import { readLegalDocument } from '@innerview/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import legal from '../../../locales/en/legal.json' with { type: 'json' };
import { renderShell, resetBrowserState, restoreGlobals } from './auth-test-support.tsx';

beforeEach(resetBrowserState);
afterEach(() => {
  restoreGlobals();
});

describe('terms of service and privacy policy', () => {
  it('the terms: title, last updated 12.09.2025, every section with its paragraphs, contents', async () => {
    renderShell('/auth/terms-of-service');
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 1, name: legal.terms.title })).toBeTruthy();
    expect(article.textContent).toContain('Last updated: 12.09.2025');
    for (const section of legal.terms.sections) {
      const region = within(article).getByRole('region', { name: section.heading });
      for (const paragraph of section.paragraphs) expect(region.textContent).toContain(paragraph);
      const link = within(screen.getByRole('navigation', { name: 'Contents' })).getByRole('link', {
        name: section.heading,
      });
      expect(link.getAttribute('href')).toBe(`#${region.id}`);
    }
    // The title follows the page's texts in an effect; on a busy machine it lands a tick later.
    await waitFor(() => expect(document.title).toBe(`${legal.terms.title} · Innerview`));
  });

  it('the privacy policy: version 1.0 and its sections', async () => {
    renderShell('/auth/privacy-policy');
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 1, name: legal.privacy.title })).toBeTruthy();
    expect(article.textContent).toMatch(/1\.0/);
    expect(within(article).getAllByRole('region')).toHaveLength(legal.privacy.sections.length);
  });

  it('the back button returns to the page before (the sign-up form)', async () => {
    const { router } = renderShell('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await userEvent.click(screen.getAllByRole('link', { name: 'Terms of service' }).at(-1)!);
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  it('opened directly, back leads to the login screen', async () => {
    const { router } = renderShell('/auth/privacy-policy');
    await screen.findByRole('article');
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('in French', async () => {
    renderShell('/auth/terms-of-service', { lng: 'fr' });
    const article = await screen.findByRole('article');
    expect(article.textContent).toContain('12.09.2025');
    expect(within(article).getByRole('button', { name: /Retour/ })).toBeTruthy();
    expect(within(article).getByRole('navigation', { name: 'Sommaire' })).toBeTruthy();
  });

  it('shows what is there when the texts are missing or partial', () => {
    expect(readLegalDocument('terms')).toEqual({ sections: [] });
    expect(
      readLegalDocument({
        title: 'Terms',
        sections: [{ id: 'a', heading: 'A', paragraphs: ['x'] }, { id: 'b' }, 'junk'],
      }),
    ).toEqual({ title: 'Terms', sections: [{ id: 'a', heading: 'A', paragraphs: ['x'] }] });
  });
});
