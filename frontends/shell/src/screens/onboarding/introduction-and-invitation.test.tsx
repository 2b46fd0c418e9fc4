import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeQuestionnaireService,
  freshBrowserEachTest,
  location,
  renderOnboarding,
} from './onboarding-test-support.tsx';

freshBrowserEachTest();

describe('the intro screens', () => {
  it('show the texts of the questionnaire service and lead to the invitation', async () => {
    fakeQuestionnaireService();
    const { router } = renderOnboarding('/onboarding/introduction');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome (en)' })).toBeTruthy();
    expect(screen.getByText('1 of 2')).toBeTruthy();
    expect(screen.getByText('A space to pause.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting to know you (en)' })).toBeTruthy();
    expect(location(router)).toBe('/onboarding/introduction-2');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome (en)' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Getting to know you (en)' });

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get to know yourself better' }),
    ).toBeTruthy();
    expect(location(router)).toBe('/onboarding/questionnaire-invitation');
  });

  it('are in the interface language', async () => {
    fakeQuestionnaireService();
    renderOnboarding('/onboarding/introduction-2', { lng: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting to know you (de)' })).toBeTruthy();
    expect(screen.getByText('2 von 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeTruthy();
  });

  it('offer to try again when their texts cannot be loaded', async () => {
    const service = fakeQuestionnaireService({}, { content: { status: 500 } });
    renderOnboarding('/onboarding/introduction');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText("We couldn't load this page")).toBeTruthy();
    service.state.failures = {};
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome (en)' })).toBeTruthy();
  });
});

describe('the questionnaire invitation', () => {
  it('starts the questionnaire at step 1', async () => {
    fakeQuestionnaireService();
    const { router } = renderOnboarding('/onboarding/questionnaire-invitation');
    const start = await screen.findByRole('button', { name: 'Start the questionnaire' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    await userEvent.click(start);
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1 of 8: Title 1 (en)' })).toBeTruthy();
    expect(location(router)).toBe('/onboarding/questionnaire?step=1');
  });

  it('offers to continue where the person stopped', async () => {
    fakeQuestionnaireService({ 1: 'a', 2: 'b', 3: 'c' });
    const { router } = renderOnboarding('/onboarding/questionnaire-invitation');
    const resume = await screen.findByRole('button', { name: 'Continue at step 4' });
    expect(screen.getByText(/You have already answered 3 of 8 steps/)).toBeTruthy();
    await userEvent.click(resume);
    await screen.findByRole('heading', { level: 1, name: 'Step 4 of 8: Title 4 (en)' });
    expect(location(router)).toBe('/onboarding/questionnaire?step=4');
  });

  it('remind me later goes to the chat', async () => {
    fakeQuestionnaireService();
    const { router } = renderOnboarding('/onboarding/questionnaire-invitation');
    await userEvent.click(await screen.findByRole('button', { name: 'Remind me later' }));
    await screen.findByRole('heading', { name: 'Chat stand-in' });
    expect(location(router)).toBe('/chat');
  });
});
