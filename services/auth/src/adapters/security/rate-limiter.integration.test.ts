import { randomUUID } from 'node:crypto';
import { redisUrl } from '@innerview/kit/testing/postgres';
import { RedisRateLimiter } from './rate-limiter.ts';
import { rateLimiterContract } from './rate-limiter-contract.ts';

const url = redisUrl();
rateLimiterContract('redis', () => new RedisRateLimiter({ url, prefix: `test:${randomUUID()}:` }));
