import { ConfigError } from '@innerview/kit/config';
import { describe, expect, it } from 'vitest';
import { gatewaySettingsFromEnv } from './config.ts';

const services = {
  AUTH_URL: 'http://auth:3000',
  BILLING_URL: 'http://billing:3000/',
  CHAT_URL: 'http://chat:3000',
  QUESTIONNAIRE_URL: 'http://questionnaire:3000',
  FILES_URL: 'http://files:3000',
  NOTIFICATIONS_URL: 'http://notifications:3000',
  REDIS_URL: 'redis://redis:6379',
  INTERNAL_SIGNING_KEY: 'a-signing-key-of-at-least-32-characters-long',
};

describe('gatewaySettingsFromEnv', () => {
  it('reads the service URLs and applies the defaults', () => {
    const settings = gatewaySettingsFromEnv(services);
    expect(settings.port).toBe(8080);
    expect(settings.host).toBe('0.0.0.0');
    expect(settings.options.upstreams.billing).toBe('http://billing:3000');
    expect(settings.options.upstreamTimeoutMs).toBe(30_000);
    expect(settings.options.redisUrl).toBe('redis://redis:6379');
    expect(settings.options.frontends).toBeUndefined();
    expect(settings.options.embedded).toBe(false);
    expect(settings.options.remotes).toEqual({});
    expect(settings.options.signingKey).toBe(services.INTERNAL_SIGNING_KEY);
  });

  it('reads the optional settings', () => {
    const settings = gatewaySettingsFromEnv({
      ...services,
      FRONTENDS_DIR: '/app/frontends',
      REMOTE_CHAT_URL: 'https://chat.example.com/mf-manifest.json',
      TRUST_PROXY: '2',
      RATE_LIMIT_PER_MINUTE: '100',
    });
    expect(settings.options.frontends?.chatDir).toBe('/app/frontends/chat/dist');
    expect(settings.options.remotes).toEqual({ chat: 'https://chat.example.com/mf-manifest.json' });
    expect(settings.options.trustProxy).toBe(2);
    expect(gatewaySettingsFromEnv({ ...services, TRUST_PROXY: 'false' }).options.trustProxy).toBe(false);
    expect(gatewaySettingsFromEnv({ ...services, TRUST_PROXY: 'loopback' }).options.trustProxy).toBe(
      'loopback',
    );
    expect(settings.options.rateLimitPerMinute).toBe(100);
  });

  it('names the variable that is missing or wrong, in one line', () => {
    const { CHAT_URL: _omitted, ...withoutChat } = services;
    expect(() => gatewaySettingsFromEnv(withoutChat)).toThrow(ConfigError);
    expect(() => gatewaySettingsFromEnv(withoutChat)).toThrow(/^Invalid configuration: CHAT_URL: /);
    expect(() => gatewaySettingsFromEnv({ ...services, FILES_URL: 'files:3000' })).toThrow(
      /FILES_URL: must be an http/,
    );
    expect(() => gatewaySettingsFromEnv({ ...services, PORT: 'eighty' })).toThrow(/PORT/);
    const { INTERNAL_SIGNING_KEY: _key, ...unsigned } = services;
    expect(() => gatewaySettingsFromEnv(unsigned)).toThrow(
      /^Invalid configuration: INTERNAL_SIGNING_KEY: required/,
    );
    const { REDIS_URL: _redis, ...withoutRedis } = services;
    expect(() => gatewaySettingsFromEnv(withoutRedis)).toThrow(/^Invalid configuration: REDIS_URL: required/);
  });
});
