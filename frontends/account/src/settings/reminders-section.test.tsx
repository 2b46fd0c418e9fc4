import { installFakePush } from '@innerview/api-client/testing/fake-push';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAccount, resetBrowserState } from '../account-test-support.tsx';

let push: ReturnType<typeof installFakePush> | undefined;
beforeEach(resetBrowserState);
afterEach(() => {
  push?.restore();
  push = undefined;
});

const KEY = { method: 'GET', path: '/push/key', body: { public_key: `B${'A'.repeat(86)}` } };
const SAVE = { method: 'POST', path: '/push/subscriptions', status: 201, body: { created: true } };

async function section() {
  return within(await screen.findByRole('region', { name: 'Reminders on this device' }));
}

describe('Reminders on this device (docs/product.md#reminders)', () => {
  it('explains what a reminder is and asks for permission only when the button is pressed', async () => {
    push = installFakePush();
    const api = fakeApi([KEY, SAVE]);
    renderAccount('/settings');
    const region = await section();
    expect(region.getByText(/It never shows what you wrote/)).toBeTruthy();
    const button = await region.findByRole('button', { name: 'Turn on reminders' });
    expect(push.prompts).toEqual([]);

    await userEvent.click(button);
    expect(await region.findByText('Reminders are on for this device.')).toBeTruthy();
    expect(push.prompts).toEqual(['asked']);
    const [saved] = api.calls('POST', '/push/subscriptions');
    expect(await saved!.json()).toMatchObject({ endpoint: 'https://push.example.ch/send/device-1' });
    expect(region.getByRole('button', { name: 'Turn off reminders' })).toBeTruthy();
  });

  it('turning off forgets the device on the server and in the browser', async () => {
    push = installFakePush({ permission: 'granted', subscribed: true });
    const api = fakeApi([{ method: 'DELETE', path: '/push/subscriptions', status: 200 }]);
    renderAccount('/settings');
    const region = await section();
    await userEvent.click(await region.findByRole('button', { name: 'Turn off reminders' }));
    expect(await region.findByRole('button', { name: 'Turn on reminders' })).toBeTruthy();
    expect(await api.calls('DELETE', '/push/subscriptions')[0]!.json()).toEqual({
      endpoint: 'https://push.example.ch/send/device-1',
    });
    expect(push.subscribed()).toBe(false);
  });

  it('a refused prompt says reminders come by e-mail, and offers no button that cannot work', async () => {
    push = installFakePush({ answer: 'denied' });
    fakeApi([KEY, SAVE]);
    renderAccount('/settings');
    const region = await section();
    await userEvent.click(await region.findByRole('button', { name: 'Turn on reminders' }));
    expect(await region.findByText('Notifications are blocked')).toBeTruthy();
    expect(region.getByText(/allow notifications in the browser's site settings/)).toBeTruthy();
    expect(region.queryByRole('button')).toBeNull();
  });

  it('a browser without push is told so, and a failed subscription says to try again', async () => {
    push = installFakePush({ supported: false });
    renderAccount('/settings');
    expect(await (await section()).findByText(/This browser cannot show reminders/)).toBeTruthy();
    cleanup();
    push.restore();

    push = installFakePush({ subscribeFails: true });
    fakeApi([KEY, SAVE]);
    renderAccount('/settings');
    const region = await section();
    await userEvent.click(await region.findByRole('button', { name: 'Turn on reminders' }));
    expect(await region.findByText('Reminders could not be turned on')).toBeTruthy();
    await waitFor(() => expect(region.getByRole('button', { name: 'Turn on reminders' })).toBeTruthy());
  });
});
