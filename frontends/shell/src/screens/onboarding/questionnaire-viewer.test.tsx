import { Button } from '@innerview/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../routing/paths.ts';
import { QUESTIONNAIRE_PRINT_PATH } from './onboarding-paths.ts';
import {
  fakeQuestionnaireService,
  freshBrowserEachTest,
  renderOnboarding,
} from './onboarding-test-support.tsx';
import { QuestionnaireViewer } from './questionnaire-viewer.tsx';

freshBrowserEachTest();

function submittedService(answers: Record<number, string>) {
  const service = fakeQuestionnaireService(answers);
  service.state.status = 'submitted';
  service.state.submittedAt = '2026-11-21T10:30:00.000Z';
  return service;
}

/** The viewer as the profile will hold it: a button that opens it. */
async function renderProfileWithViewer() {
  const view = renderOnboarding(PATHS.profile, {
    profile: <QuestionnaireViewer trigger={<Button>Open the questionnaire</Button>} />,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Open the questionnaire' }));
  return view;
}

describe('the questionnaire viewer', () => {
  it('shows the answers read-only with the submitted date, skipped steps marked', async () => {
    submittedService({ 1: 'First answer', 2: '', 3: 'Third\nanswer' });
    await renderProfileWithViewer();
    const dialog = await screen.findByRole('dialog', { name: 'My reflective questionnaire' });
    expect(await within(dialog).findByText('Submitted on November 21, 2026')).toBeTruthy();
    const steps = within(dialog).getAllByRole('heading', { level: 3 });
    expect(steps.map((h) => h.textContent)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Step ${i + 1}: Title ${i + 1} (en)`),
    );
    expect(within(dialog).getByText('First answer')).toBeTruthy();
    expect(within(dialog).getAllByText('Skipped')).toHaveLength(6);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it('opens the clean print view in a new tab', async () => {
    submittedService({ 1: 'First answer' });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await renderProfileWithViewer();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Print' }));
    expect(open).toHaveBeenCalledWith(QUESTIONNAIRE_PRINT_PATH, '_blank', 'noopener');
  });

  it("says 'Failed to load questionnaire data' and retries", async () => {
    const service = submittedService({ 1: 'First answer' });
    service.state.failures = { answers: { status: 500 } };
    await renderProfileWithViewer();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Failed to load questionnaire data')).toBeTruthy();
    service.state.failures = {};
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('First answer')).toBeTruthy();
  });

  it('says when there is no data yet', async () => {
    fakeQuestionnaireService({ 1: '  ' });
    await renderProfileWithViewer();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('You have not answered the questionnaire yet.')).toBeTruthy();
    expect(within(dialog).getByText('Not submitted yet')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('says when there are no questions', async () => {
    const service = fakeQuestionnaireService({ 1: 'a' });
    const original = service.fetchMock.getMockImplementation()!;
    service.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await original(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes('intro-content')) return response;
      const body = await response.json();
      return Response.json({ ...body, steps: [] });
    });
    await renderProfileWithViewer();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('There are no questions to show at the moment.')).toBeTruthy();
  });

  it('closes and gives focus back to the button that opened it', async () => {
    submittedService({ 1: 'a' });
    await renderProfileWithViewer();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('a');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open the questionnaire' }));
  });
});

describe('the print view', () => {
  it('shows the name, the submitted date and every step, with a print button', async () => {
    submittedService({ 1: 'First answer', 4: 'Fourth answer' });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderOnboarding(QUESTIONNAIRE_PRINT_PATH, { lng: 'de' });
    const main = await screen.findByTestId('questionnaire-print');
    expect(within(main).getByRole('heading', { level: 1, name: 'Mein Reflexionsfragebogen' })).toBeTruthy();
    expect(within(main).getByText('Ada Lovelace')).toBeTruthy();
    expect(await within(main).findByText('Abgeschickt am 21. November 2026')).toBeTruthy();
    expect(within(main).getAllByRole('heading', { level: 2 })).toHaveLength(8);
    expect(within(main).getByText('Fourth answer')).toBeTruthy();
    await userEvent.click(within(main).getByRole('button', { name: 'Drucken' }));
    expect(print).toHaveBeenCalledOnce();
    expect(within(main).getByRole('link', { name: 'Zurück zu meinem Profil' }).getAttribute('href')).toBe(
      '/profile',
    );
  });
});
