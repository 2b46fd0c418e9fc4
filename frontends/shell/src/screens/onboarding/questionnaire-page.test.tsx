import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeQuestionnaireService,
  freshBrowserEachTest,
  location,
  renderOnboarding,
} from './onboarding-test-support.tsx';

freshBrowserEachTest();

const stepHeading = (step: number, title = `Title ${step} (en)`) =>
  screen.findByRole('heading', { level: 1, name: `Step ${step} of 8: ${title}` });
const answerBox = () => screen.getByRole('textbox', { name: 'Your answer' });
const button = (name: string) => screen.getByRole('button', { name });

describe('the questionnaire stepper', () => {
  it('resumes at the first step without an answer when the URL names none (docs/product.md#how-things-change-over-time)', async () => {
    fakeQuestionnaireService({ 1: 'One', 2: 'Two', 3: 'Three' });
    const { router } = renderOnboarding('/onboarding/questionnaire');
    expect(await stepHeading(4)).toBeTruthy();
    expect(location(router)).toBe('/onboarding/questionnaire?step=4');
    await waitFor(() => expect(document.title).toBe('Step 4 of 8: Title 4 (en) · Innerview'));
  });

  it('shows the step: progress, title, description, guiding questions and an empty answer box', async () => {
    fakeQuestionnaireService({ 1: 'One' });
    renderOnboarding('/onboarding/questionnaire?step=2');
    await stepHeading(2);
    const progress = screen.getByRole('list', { name: 'Questionnaire progress' });
    const items = within(progress).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    // The mark (✓, –) is hidden from screen readers, which hear the state in words.
    expect(items[0]?.textContent).toBe('✓Step 1, Title 1 (en): answered');
    expect(items[1]?.textContent).toBe('Step 2, Title 2 (en): not answered yet, current step');
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('Description 2')).toBeTruthy();
    const questions = screen.getByRole('region', { name: 'Questions to guide you' });
    expect(
      within(questions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Question 2a?', 'Question 2b?']);
    expect((answerBox() as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByTestId('answer-counter').textContent).toContain('0 / 1,900 characters');
  });

  it('saves the answer on Next, moves on with focus on the new step, and marks it previously answered', async () => {
    const service = fakeQuestionnaireService();
    const { router } = renderOnboarding('/onboarding/questionnaire?step=1');
    await stepHeading(1);
    await userEvent.type(answerBox(), '  I am curious.  ');
    await userEvent.click(button('Next'));

    const heading = await stepHeading(2);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(location(router)).toBe('/onboarding/questionnaire?step=2');
    expect(service.sent).toEqual([{ question_key: 'question_1', answer_text: '  I am curious.  ' }]);
    expect(service.answers.get(1)).toBe('I am curious.');

    await userEvent.click(button('Back'));
    await stepHeading(1);
    expect(screen.getByText('Previously answered')).toBeTruthy();
    expect((answerBox() as HTMLTextAreaElement).value.trim()).toBe('I am curious.');
    // Back from an unchanged, empty step 2 sent nothing more.
    expect(service.posts()).toHaveLength(1);
  });

  it('records a step left blank as skipped and shows the skipped marker', async () => {
    const service = fakeQuestionnaireService();
    renderOnboarding('/onboarding/questionnaire?step=3');
    await stepHeading(3);
    await userEvent.click(button('Next'));
    await stepHeading(4);
    expect(service.sent).toEqual([{ question_key: 'question_3', answer_text: '' }]);
    await userEvent.click(button('Back'));
    await stepHeading(3);
    expect(screen.getByText('Skipped')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Questionnaire progress' })).getAllByRole(
      'listitem',
    );
    expect(items[2]?.textContent).toBe('–Step 3, Title 3 (en): skipped, current step');
  });

  it('counts code points, warns near 1900 characters and refuses to save above', async () => {
    const service = fakeQuestionnaireService();
    renderOnboarding('/onboarding/questionnaire?step=1');
    await stepHeading(1);
    const counter = () => screen.getByTestId('answer-counter');

    fireEvent.change(answerBox(), { target: { value: '🙂'.repeat(1800) } });
    expect(counter().getAttribute('data-state')).toBe('warning');
    expect(counter().textContent).toContain('1,800 / 1,900 characters · 100 left');
    expect(counter().textContent).toContain('You are close to the limit of 1,900 characters.');

    fireEvent.change(answerBox(), { target: { value: '🙂'.repeat(1900) } });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(answerBox(), { target: { value: `${'a'.repeat(1901)}` } });
    expect(counter().getAttribute('data-state')).toBe('over');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe(
      'Character limit exceeded: an answer can have at most 1,900 characters. Please shorten it by 1.',
    );
    expect(answerBox().getAttribute('aria-invalid')).toBe('true');
    expect(answerBox().getAttribute('aria-describedby')).toContain(error.id);

    await userEvent.click(button('Next'));
    expect(document.activeElement).toBe(answerBox());
    expect(service.posts()).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Step 1 of 8');
  });

  it("says 'Failed to save your answer. Please try again.' and stays on the step when saving fails", async () => {
    const service = fakeQuestionnaireService({}, { save: { status: 500 } });
    const { router } = renderOnboarding('/onboarding/questionnaire?step=1');
    await stepHeading(1);
    await userEvent.type(answerBox(), 'Hello');
    await userEvent.click(button('Next'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to save your answer. Please try again.',
    );
    expect(location(router)).toBe('/onboarding/questionnaire?step=1');
    expect((answerBox() as HTMLTextAreaElement).value).toBe('Hello');

    service.state.failures = {};
    await userEvent.click(button('Next'));
    await stepHeading(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes on without the saved answers when they cannot be loaded, and never overwrites them with a blank', async () => {
    const service = fakeQuestionnaireService({ 1: 'Kept on the server' }, { answers: { status: 500 } });
    renderOnboarding('/onboarding/questionnaire?step=1');
    await stepHeading(1);
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to load existing questions. You can still continue with the questionnaire.',
    );
    await userEvent.click(button('Next'));
    await stepHeading(2);
    expect(service.posts()).toHaveLength(0);
    expect(service.answers.get(1)).toBe('Kept on the server');
  });

  it('saves on the browser Back button too', async () => {
    const service = fakeQuestionnaireService();
    const { router } = renderOnboarding('/onboarding/questionnaire?step=1');
    await stepHeading(1);
    await userEvent.click(button('Next'));
    await stepHeading(2);
    await userEvent.type(answerBox(), 'Typed, then browser Back');
    await act(() => router.navigate(-1));
    await stepHeading(1);
    await waitFor(() => expect(service.answers.get(2)).toBe('Typed, then browser Back'));
  });

  it('finish later saves the step and goes to the chat', async () => {
    const service = fakeQuestionnaireService();
    const { router } = renderOnboarding('/onboarding/questionnaire?step=5');
    await stepHeading(5);
    await userEvent.type(answerBox(), 'Later');
    await userEvent.click(button('Finish later'));
    expect(await screen.findByRole('heading', { name: 'Chat stand-in' })).toBeTruthy();
    expect(location(router)).toBe('/chat');
    expect(service.answers.get(5)).toBe('Later');
  });

  it('after step 8: the incomplete summary lists the skipped steps, goes back to one, and submits as is', async () => {
    const service = fakeQuestionnaireService({ 1: 'a', 2: 'b', 3: 'c', 4: '', 5: 'e', 6: 'f', 7: 'g' });
    const { router, store } = renderOnboarding('/onboarding/questionnaire?step=8');
    await stepHeading(8);
    await userEvent.click(button('Review my answers'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Some steps are still open' })).toBeTruthy();
    expect(location(router)).toBe('/onboarding/questionnaire?step=summary');
    expect(screen.getByText(/You skipped 2 of 8 steps/)).toBeTruthy();
    const skipped = screen.getByRole('region', { name: 'Skipped steps' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Step 4 Title 4 (en)Answer now', 'Step 8 Title 8 (en)Answer now']);
    // "Review my answers" shows them: each step with its answer, or marked skipped.
    const review = screen.getByRole('region', { name: 'Your answers' });
    const reviewed = within(review).getAllByRole('heading', { level: 3 });
    expect(reviewed).toHaveLength(8);
    expect(within(review).getByText('e')).toBeTruthy();
    expect(within(review).getAllByText('Skipped')).toHaveLength(2);
    await waitFor(() => expect(service.state.status).toBe('completed'));

    await userEvent.click(within(skipped).getByRole('button', { name: 'Answer step 4, Title 4 (en)' }));
    await stepHeading(4);
    await waitFor(() => expect(service.state.status).toBe('in_progress'));
    await userEvent.click(button('Back to the summary'));
    await screen.findByRole('heading', { level: 1, name: 'Some steps are still open' });

    await userEvent.click(button('Submit as is'));
    expect(await screen.findByRole('heading', { name: 'Chat stand-in' })).toBeTruthy();
    expect(service.state.status).toBe('submitted');
    expect(screen.getByText('Thank you! Your questionnaire has been submitted.')).toBeTruthy();
    expect(store.getState().session.user?.user.is_onboarding_completed).toBe(true);
  });

  it('the complete summary submits when all 8 steps are answered', async () => {
    const service = fakeQuestionnaireService({ 1: 'a', 2: 'b', 3: 'c', 4: 'd', 5: 'e', 6: 'f', 7: 'g' });
    renderOnboarding('/onboarding/questionnaire?step=8');
    await stepHeading(8);
    await userEvent.type(answerBox(), 'h');
    await userEvent.click(button('Review my answers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'All steps answered' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Skipped steps' })).toBeNull();
    await userEvent.click(button('Submit'));
    await screen.findByRole('heading', { name: 'Chat stand-in' });
    expect(service.state.status).toBe('submitted');
  });

  it('keeps the summary and says so when submitting fails', async () => {
    fakeQuestionnaireService({ 1: 'a' }, { submit: { status: 500 } });
    const { router } = renderOnboarding('/onboarding/questionnaire?step=summary');
    await screen.findByRole('heading', { level: 1, name: 'Some steps are still open' });
    await userEvent.click(button('Submit as is'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your questionnaire could not be submitted. Please try again.',
    );
    expect(location(router)).toBe('/onboarding/questionnaire?step=summary');
  });

  it('a questionnaire submitted elsewhere (409) sends the person to the chat with the reason', async () => {
    const service = fakeQuestionnaireService({ 1: 'a' });
    service.state.status = 'submitted';
    renderOnboarding('/onboarding/questionnaire?step=2');
    await stepHeading(2);
    await userEvent.type(answerBox(), 'Too late');
    await userEvent.click(button('Next'));
    await screen.findByRole('heading', { name: 'Chat stand-in' });
    expect(
      screen.getByText(
        'Your questionnaire has already been submitted, so its answers can no longer be changed.',
      ),
    ).toBeTruthy();
  });

  it('offers to try again when the questions cannot be loaded', async () => {
    const service = fakeQuestionnaireService({}, { content: { status: 503 } });
    renderOnboarding('/onboarding/questionnaire?step=1');
    expect(await screen.findByText("We couldn't load this page")).toBeTruthy();
    service.state.failures = {};
    await userEvent.click(button('Try again'));
    expect(await stepHeading(1)).toBeTruthy();
  });

  it('speaks German: texts, step content in German and numbers', async () => {
    const service = fakeQuestionnaireService();
    renderOnboarding('/onboarding/questionnaire?step=3', { lng: 'de' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Schritt 3 von 8: Title 3 (de)' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Später beenden' })).toBeTruthy();
    expect(screen.getByTestId('answer-counter').textContent).toContain('0 / 1.900 Zeichen');
    const contentCall = service.requests.find((r) => r.url.includes('intro-content'));
    expect(new URL(contentCall!.url).searchParams.get('lang')).toBe('de');
  });
});
