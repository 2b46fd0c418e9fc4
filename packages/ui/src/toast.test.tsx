import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_DEFAULT_MS,
  TOAST_LOCK_MS,
  TOAST_WARNING_MS,
  type ToastApi,
  type ToastOptions,
  ToastProvider,
  useToast,
} from './toast.tsx';

let api: ToastApi;

function CaptureApi() {
  api = useToast();
  return null;
}

function renderToasts() {
  render(
    <ToastProvider closeLabel="Schliessen" regionLabel="Mitteilungen ({hotkey})">
      <CaptureApi />
    </ToastProvider>,
  );
  return screen.getByRole('region', { name: 'Mitteilungen (F8)' });
}

function show(options: ToastOptions): string {
  let id = '';
  act(() => {
    id = api.toast(options);
  });
  return id;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a toast in the labelled region, announced politely, with the variant', () => {
    const region = renderToasts();
    show({ title: 'Email Verified', description: 'You can sign in now.', variant: 'success' });

    const item = within(region).getByRole('listitem');
    expect(item.textContent).toContain('Email Verified');
    expect(item.textContent).toContain('You can sign in now.');
    expect(item.getAttribute('data-variant')).toBe('success');

    advance(50); // the announcer fills in two animation frames later
    const announcement = screen.getByRole('status');
    expect(announcement.getAttribute('aria-live')).toBe('polite');
    expect(announcement.textContent).toContain('Email Verified');
    // The announcer prefix comes from the caller's region label, not hard-coded English.
    expect(announcement.textContent).toContain('Mitteilungen');
    expect(announcement.textContent).not.toContain('Notification');
  });

  it('announces destructive toasts assertively', () => {
    const region = renderToasts();
    show({ title: 'Signup Failed', variant: 'destructive' });
    expect(within(region).getByRole('listitem').getAttribute('data-variant')).toBe('destructive');
    advance(50);
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('assertive');
  });

  it('closes by itself after 5 s by default', () => {
    const region = renderToasts();
    show({ title: 'Logged Out' });
    expect(TOAST_DEFAULT_MS).toBe(5000);
    advance(TOAST_DEFAULT_MS - 1);
    expect(within(region).queryByText('Logged Out')).not.toBeNull();
    advance(1);
    expect(within(region).queryByText('Logged Out')).toBeNull();
  });

  it.each([
    ['account lock', TOAST_LOCK_MS, 10_000],
    ['attempts warning', TOAST_WARNING_MS, 8_000],
  ])('keeps the %s toast for its own duration', (_name, durationMs, expected) => {
    expect(durationMs).toBe(expected);
    const region = renderToasts();
    show({ title: 'Account Temporarily Locked', variant: 'destructive', durationMs });
    advance(TOAST_DEFAULT_MS);
    expect(within(region).queryByText('Account Temporarily Locked')).not.toBeNull();
    advance(durationMs - TOAST_DEFAULT_MS - 1);
    expect(within(region).queryByText('Account Temporarily Locked')).not.toBeNull();
    advance(1);
    expect(within(region).queryByText('Account Temporarily Locked')).toBeNull();
  });

  it('runs the action and closes the toast', async () => {
    vi.useRealTimers(); // Testing Library's async wrapper waits on a real timer
    const user = userEvent.setup();
    const region = renderToasts();
    const onClick = vi.fn();
    show({
      title: 'Invalid email or password',
      variant: 'destructive',
      action: { label: 'Erneut', onClick },
    });

    await user.click(within(region).getByRole('button', { name: 'Erneut' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(within(region).queryByText('Invalid email or password')).toBeNull();
  });

  it('closes with the close button named by the caller', async () => {
    vi.useRealTimers(); // Testing Library's async wrapper waits on a real timer
    const user = userEvent.setup();
    const region = renderToasts();
    show({ title: 'Verification Email Sent' });

    await user.click(within(region).getByRole('button', { name: 'Schliessen' }));
    expect(within(region).queryByText('Verification Email Sent')).toBeNull();
  });

  it('dismisses by id, replaces a toast that reuses an id, and keeps at most three', () => {
    const region = renderToasts();
    const first = show({ title: 'One' });
    show({ title: 'Two' });
    act(() => api.dismiss(first));
    expect(within(region).queryByText('One')).toBeNull();
    expect(within(region).queryByText('Two')).not.toBeNull();

    show({ id: 'network', title: 'Offline' });
    show({ id: 'network', title: 'Still offline' });
    expect(within(region).queryByText('Offline')).toBeNull();
    expect(within(region).getAllByText('Still offline')).toHaveLength(1);

    show({ title: 'Three' });
    show({ title: 'Four' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.iv-toast__title')?.textContent),
    ).toEqual(['Still offline', 'Three', 'Four']);
  });

  it('announces an action by its alternative text, never the close button', () => {
    renderToasts();
    show({
      title: 'Message not sent',
      action: { label: 'Retry', altText: 'Send it again from the message field', onClick: () => {} },
    });
    advance(50);
    const announcement = screen.getByRole('status').textContent ?? '';
    expect(announcement).toContain('Send it again from the message field');
    expect(announcement).not.toContain('Schliessen');
    advance(1000);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('pauses every timer while the pointer or focus is on the toasts', () => {
    const region = renderToasts();
    show({ title: 'Logged Out' });
    advance(4000);
    fireEvent.pointerMove(region);
    advance(10_000);
    expect(within(region).queryByText('Logged Out')).not.toBeNull();
    fireEvent.pointerLeave(region);
    advance(999);
    expect(within(region).queryByText('Logged Out')).not.toBeNull();
    advance(1);
    expect(within(region).queryByText('Logged Out')).toBeNull();

    show({ title: 'Saved' });
    act(() => within(region).getByRole('listitem').focus());
    advance(TOAST_DEFAULT_MS * 2);
    expect(within(region).queryByText('Saved')).not.toBeNull();
  });

  it('keeps a toast of infinite duration until it is closed', () => {
    const region = renderToasts();
    show({ title: 'Offline', durationMs: Number.POSITIVE_INFINITY });
    advance(60_000);
    expect(within(region).queryByText('Offline')).not.toBeNull();
  });

  it('closes the toast swiped to the right, not one dragged a little', () => {
    const region = renderToasts();
    show({ title: 'Logged Out' });
    const item = within(region).getByRole('listitem');
    fireEvent.pointerDown(item, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 120, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 120, clientY: 10, pointerId: 1 });
    expect(item.getAttribute('data-swipe')).toBe('cancel');
    expect(within(region).queryByText('Logged Out')).not.toBeNull();

    fireEvent.pointerDown(item, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 130, clientY: 12, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 190, clientY: 12, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 190, clientY: 12, pointerId: 1 });
    expect(within(region).queryByText('Logged Out')).toBeNull();
  });

  describe('keyboard', () => {
    beforeEach(() => {
      vi.useRealTimers(); // Testing Library's async wrapper waits on a real timer
    });

    it('F8 jumps to the toasts; Tab goes from the newest toast through its buttons to the older', async () => {
      const user = userEvent.setup();
      render(
        <ToastProvider closeLabel="Close" regionLabel="Notifications ({hotkey})">
          <CaptureApi />
          <button type="button">On the page</button>
        </ToastProvider>,
      );
      show({ title: 'Older', durationMs: Number.POSITIVE_INFINITY });
      show({ title: 'Newer', durationMs: Number.POSITIVE_INFINITY, action: { label: 'Undo', onClick() {} } });
      screen.getByRole('button', { name: 'On the page' }).focus();

      await user.keyboard('{F8}');
      expect(document.activeElement?.tagName).toBe('OL');
      const [older, newer] = screen.getAllByRole('listitem');
      await user.tab();
      expect(document.activeElement).toBe(newer);
      await user.tab();
      expect(document.activeElement).toBe(within(newer!).getByRole('button', { name: 'Undo' }));
      await user.tab();
      expect(document.activeElement).toBe(within(newer!).getByRole('button', { name: 'Close' }));
      await user.tab();
      expect(document.activeElement).toBe(older);
    });

    it('Escape closes the focused toast, and the newest one from elsewhere on the page', async () => {
      const user = userEvent.setup();
      const region = renderToasts();
      show({ title: 'One', durationMs: Number.POSITIVE_INFINITY });
      show({ title: 'Two', durationMs: Number.POSITIVE_INFINITY });
      show({ title: 'Three', durationMs: Number.POSITIVE_INFINITY });

      within(region).getByText('One').closest('li')!.focus();
      await user.keyboard('{Escape}');
      expect(within(region).queryByText('One')).toBeNull();
      // Focus stays in the toasts (on the list), not lost to the page.
      expect(document.activeElement?.tagName).toBe('OL');

      act(() => (document.activeElement as HTMLElement).blur());
      await user.keyboard('{Escape}');
      expect(within(region).queryByText('Three')).toBeNull();
      expect(within(region).queryByText('Two')).not.toBeNull();
    });
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<CaptureApi />)).toThrow(/ToastProvider/);
  });
});
