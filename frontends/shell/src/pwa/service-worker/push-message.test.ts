import { describe, expect, it } from 'vitest';
import { reminderFromPush, windowToFocus } from './push-message.ts';

describe('a push message on the screen', () => {
  it('shows the title, body and page the notifications service sent', () => {
    const payload = JSON.stringify({
      title: 'Votre essai se termine dans 2 jours',
      body: 'Choisissez un abonnement.',
      url: '/pricing',
      tag: 'innerview-trial-ending',
    });
    expect(reminderFromPush(payload)).toEqual({
      title: 'Votre essai se termine dans 2 jours',
      body: 'Choisissez un abonnement.',
      url: '/pricing',
      tag: 'innerview-trial-ending',
    });
  });

  it('never opens another site, and shows something even for a broken message', () => {
    for (const url of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(reminderFromPush(JSON.stringify({ title: 'T', url })).url).toBe('/chat');
    expect(reminderFromPush('not json')).toEqual({
      title: 'Innerview',
      body: '',
      url: '/chat',
      tag: 'innerview-reminder',
    });
    expect(reminderFromPush(null).title).toBe('Innerview');
  });

  it('a click focuses the window already on that page, else any window of the app', () => {
    const origin = 'https://app.innerview.ch';
    const chat = { url: `${origin}/chat` };
    const pricing = { url: `${origin}/pricing` };
    const other = { url: 'https://elsewhere.example/' };
    expect(windowToFocus([chat, pricing], '/pricing', origin)).toBe(pricing);
    expect(windowToFocus([other, chat], '/pricing', origin)).toBe(chat);
    expect(windowToFocus([other], '/pricing', origin)).toBeUndefined();
  });
});
