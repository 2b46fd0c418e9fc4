import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishI18n } from '../test-support/render-app.tsx';
import { loadRemoteModule } from './remote-loader.ts';
import { RemoteView } from './remote-view.tsx';

vi.mock('./remote-loader.ts', () => ({ loadRemoteModule: vi.fn() }));
const load = vi.mocked(loadRemoteModule);

afterEach(() => {
  load.mockReset();
});

const flaky = { fail: true };
function Flaky() {
  if (flaky.fail) throw new Error('render failure');
  return <h1>Help hub from the remote</h1>;
}

function renderView(id: 'account/SettingsPage' | 'account/HelpHubPage') {
  return render(
    <I18nextProvider i18n={englishI18n()}>
      <RemoteView id={id} />
    </I18nextProvider>,
  );
}

describe('RemoteView', () => {
  it('shows a translated error with Retry when the remote cannot be loaded, and Retry loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValueOnce(new Error('manifest unreachable'));
    load.mockResolvedValueOnce({ default: () => <h1>Settings from the remote</h1> });
    renderView('account/SettingsPage');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This part of Innerview could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Settings from the remote' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('account/SettingsPage');
  });

  it("shows 'Something went wrong' when the remote's component throws, and Try again renders it again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockResolvedValue({ default: Flaky });
    renderView('account/HelpHubPage');

    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    flaky.fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Help hub from the remote' })).toBeTruthy();
  });
});
