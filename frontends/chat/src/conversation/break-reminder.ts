import { ageOn } from '@innerview/contracts/auth';
import { useCallback, useEffect, useState } from 'react';

/** Every three hours of continuous use, a person under 18 is reminded to take a break (SB 243). */
export const BREAK_EVERY_MS = 3 * 60 * 60 * 1000;
/** Hidden this long (tab in the background, phone locked), the use is no longer continuous. */
export const PAUSE_RESETS_MS = 30 * 60 * 1000;
const SINCE_KEY = 'iv-chat-use-since';

/** Whether the person is under 18 today (no date of birth: not known to be, no reminder). */
export function isMinor(dateOfBirth: string | undefined | null, today: Date): boolean {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return false;
  return ageOn(dateOfBirth, today.toISOString().slice(0, 10)) < 18;
}

/** Whether a reminder is due: one per full three hours since `since`, `reminded` given so far. */
export function breakDue(since: number, now: number, reminded: number): boolean {
  return Math.floor((now - since) / BREAK_EVERY_MS) > reminded;
}

function readSince(now: number): number {
  const stored = Number(sessionStorage.getItem(SINCE_KEY));
  if (Number.isFinite(stored) && stored > 0 && stored <= now) return stored;
  sessionStorage.setItem(SINCE_KEY, String(now));
  return now;
}

/**
 * For a person under 18: true when a break reminder should show, and `dismiss` to close it. The
 * use counts from when the chat was opened in this tab (kept across its screens); a pause of half
 * an hour with the page hidden starts it over.
 */
export function useBreakReminder(dateOfBirth: string | undefined | null): { due: boolean; dismiss(): void } {
  const minor = isMinor(dateOfBirth, new Date());
  const [reminded, setReminded] = useState(0);
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!minor) return;
    let since = readSince(Date.now());
    let hiddenAt: number | null = null;
    const check = () => setDue(breakDue(since, Date.now(), reminded));
    const onVisibility = () => {
      if (document.hidden) hiddenAt = Date.now();
      else if (hiddenAt !== null) {
        if (Date.now() - hiddenAt >= PAUSE_RESETS_MS) {
          since = Date.now();
          sessionStorage.setItem(SINCE_KEY, String(since));
          setReminded(0);
        }
        hiddenAt = null;
        check();
      }
    };
    check();
    const timer = setInterval(check, 60_000);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [minor, reminded]);
  const dismiss = useCallback(() => {
    setDue(false);
    setReminded((n) => n + 1);
  }, []);
  return { due: minor && due, dismiss };
}
