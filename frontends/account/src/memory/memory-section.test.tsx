import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findToast, renderAccount, resetBrowserState } from '../account-test-support.tsx';
import type { MemoryItem } from './memory-api.ts';

beforeEach(resetBrowserState);
afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (
  id: string,
  kind: MemoryItem['kind'],
  text: string,
  source: MemoryItem['source'],
): MemoryItem => ({
  id,
  kind,
  text,
  source,
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
});

/** The memory calls answered from a list kept here, as the chat service would; others answer {}. */
function memoryServer(start: MemoryItem[], options: { full?: boolean } = {}) {
  const state = { items: [...start], enabled: true, seq: 0 };
  const fake = installFakeFetch(async (request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    const id = path.match(/^\/memory\/([\w-]+)$/)?.[1];
    const body = request.method === 'GET' || request.method === 'DELETE' ? null : await request.json();
    if (request.method === 'GET' && path === '/memory/') return jsonResponse(200, state);
    if (request.method === 'PUT' && path === '/memory/settings') {
      state.enabled = body.enabled;
      return jsonResponse(200, { enabled: state.enabled });
    }
    if (request.method === 'POST' && path === '/memory/') {
      if (options.full)
        return jsonResponse(409, {
          detail: 'You can keep at most 200 memory items.',
          code: 'MEMORY_LIMIT_REACHED',
        });
      const added = item(`new-${++state.seq}`, body.kind, body.text, 'person');
      state.items.push(added);
      return jsonResponse(201, added);
    }
    if (request.method === 'PATCH' && id) {
      const found = state.items.find((i) => i.id === id)!;
      Object.assign(found, body);
      return jsonResponse(200, found);
    }
    if (request.method === 'DELETE' && id) {
      state.items = state.items.filter((i) => i.id !== id);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(200, {});
  });
  return { state, fake };
}

const section = async () => screen.findByRole('region', { name: 'Memory' });
const list = async () => within(await section()).findByRole('list');

describe('settings → memory', () => {
  it('lists every item with its kind and where it came from', async () => {
    memoryServer([
      item('a', 'goal', 'Open a small bakery with my sister', 'questionnaire'),
      item('b', 'preference', 'I prefer short answers', 'conversation'),
      item('c', 'person', 'My sister Anna', 'person'),
    ]);
    renderAccount('/settings');
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Goal.*From your questionnaire.*Open a small bakery with my sister/),
      expect.stringMatching(/^Preference.*From a conversation.*I prefer short answers/),
      expect.stringMatching(/^Person.*Added by you.*My sister Anna/),
    ]);
    expect(
      within(await section()).getByRole('heading', { name: 'What the coach remembers (3)' }),
    ).toBeTruthy();
    // Each button says which item it acts on.
    const edit = within(items[1]!).getByRole('button', { name: 'Edit' });
    expect(edit.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(edit.getAttribute('aria-describedby')!)?.textContent).toBe(
      'I prefer short answers',
    );
  });

  it('edits an item in place with the keyboard, and focus comes back to its Edit button', async () => {
    const user = userEvent.setup();
    const { state } = memoryServer([item('a', 'other', 'I like walks', 'conversation')]);
    renderAccount('/settings');
    const row = within(await list()).getByRole('listitem');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Note' });
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.keyboard('Long walks by the lake help me think');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of note' }), 'helps');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Note saved');
    expect(state.items[0]).toMatchObject({ kind: 'helps', text: 'Long walks by the lake help me think' });
    await waitFor(() => expect(within(row).getByText('Long walks by the lake help me think')).toBeTruthy());
    expect(within(row).getByText('What helps')).toBeTruthy();
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Edit' }));
  });

  it('does not save an empty note, and says why', async () => {
    const user = userEvent.setup();
    const { fake } = memoryServer([item('a', 'other', 'I like walks', 'conversation')]);
    renderAccount('/settings');
    await user.click(within(await list()).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Note' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Write the note first.')).toBeTruthy();
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('deletes an item only after the confirmation', async () => {
    const user = userEvent.setup();
    const { state } = memoryServer([
      item('a', 'other', 'I like walks', 'conversation'),
      item('b', 'goal', 'Sleep before midnight', 'person'),
    ]);
    renderAccount('/settings');
    await user.click(within(await list()).getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    expect(within(dialog).getByText('I like walks')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(state.items).toHaveLength(2);
    await user.click(within(await list()).getAllByRole('button', { name: 'Delete' })[0]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Note deleted');
    expect(state.items.map((i) => i.text)).toEqual(['Sleep before midnight']);
    await waitFor(async () => expect(within(await list()).getAllByRole('listitem')).toHaveLength(1));
    // Focus is not lost with the deleted item's button: it goes to the list's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'What the coach remembers (1)' }),
      ),
    );
  });

  it('adds a note of the person’s own, with its kind', async () => {
    const user = userEvent.setup();
    const { state } = memoryServer([]);
    renderAccount('/settings');
    const region = await section();
    await within(region).findByText(/Nothing yet/);
    await user.type(
      within(region).getByRole('textbox', { name: 'What should the coach remember?' }),
      'My goal is to run 10 km',
    );
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Kind' }), 'goal');
    await user.click(within(region).getByRole('button', { name: 'Add' }));
    await findToast('Note added');
    expect(state.items).toEqual([
      expect.objectContaining({ kind: 'goal', text: 'My goal is to run 10 km', source: 'person' }),
    ]);
    expect(await within(region).findByText('My goal is to run 10 km')).toBeTruthy();
    expect(
      (within(region).getByRole('textbox', { name: 'What should the coach remember?' }) as HTMLInputElement)
        .value,
    ).toBe('');
  });

  it('says clearly when the limit is reached', async () => {
    const user = userEvent.setup();
    memoryServer([], { full: true });
    renderAccount('/settings');
    const region = await section();
    await within(region).findByText(/Nothing yet/);
    await user.type(
      within(region).getByRole('textbox', { name: 'What should the coach remember?' }),
      'One more',
    );
    await user.click(within(region).getByRole('button', { name: 'Add' }));
    await findToast('You can keep at most 200 notes. Delete some to add new ones.');
  });

  it('turns memory off with a clear explanation, and back on', async () => {
    const user = userEvent.setup();
    const { state } = memoryServer([item('a', 'other', 'I like walks', 'conversation')]);
    renderAccount('/settings');
    const region = await section();
    const toggle = await within(region).findByRole('checkbox', { name: 'Let the coach remember' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await findToast('Memory turned off');
    expect(state.enabled).toBe(false);
    await within(region).findByText(
      /Memory is off: the coach keeps nothing new and uses none of these notes/,
    );
    // The items stay, and can still be edited.
    expect(within(region).getByRole('button', { name: 'Edit' })).toBeTruthy();
    await user.click(within(region).getByRole('checkbox', { name: 'Let the coach remember' }));
    await findToast('Memory turned on');
    expect(state.enabled).toBe(true);
  });

  it('reads in German', async () => {
    memoryServer([item('a', 'preference', 'Ich mag kurze Antworten', 'conversation')]);
    renderAccount('/settings', { lng: 'de' });
    const region = await screen.findByRole('region', { name: 'Gedächtnis' });
    const row = within(await within(region).findByRole('list')).getByRole('listitem');
    expect(row.textContent).toMatch(/^Vorliebe.*Aus einem Chat.*Ich mag kurze Antworten/);
    expect(within(region).getByRole('checkbox', { name: 'Der Coach darf sich Dinge merken' })).toBeTruthy();
  });
});
