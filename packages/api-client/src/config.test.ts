import { afterEach, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, apiUrl, DEFAULT_API_BASE, getApiBase, setApiBase } from './config.ts';

afterEach(() => setApiBase(DEFAULT_API_BASE));

describe('config', () => {
  it('has the spec constants', () => {
    expect(API_TIMEOUT_MS).toBe(30_000);
    expect(getApiBase()).toBe('/api/v1');
  });

  it('joins paths under the base, absolute against the page', () => {
    expect(apiUrl('/users/me')).toBe(new URL('/api/v1/users/me', location.href).href);
    expect(apiUrl('answers/')).toBe(new URL('/api/v1/answers/', location.href).href);
  });

  it('takes the base from the runtime config, without its trailing slash', () => {
    setApiBase('https://api.example.ch/api/v1/');
    expect(getApiBase()).toBe('https://api.example.ch/api/v1');
    expect(apiUrl('/chat/stream')).toBe('https://api.example.ch/api/v1/chat/stream');
  });

  it('leaves an absolute URL alone and refuses an empty base', () => {
    expect(apiUrl('https://files.example.ch/x')).toBe('https://files.example.ch/x');
    expect(() => setApiBase('  ')).toThrow();
  });
});
