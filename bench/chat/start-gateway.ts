// The gateway as deployed, every service pointing at the benchmark's chat service, verifying the
// bearer tokens run.ts signs (EdDSA, as auth's) with jose. Started by run.ts in its own process.
import { listen } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { importJWK, jwtVerify } from 'jose';
import { createGateway } from '../../gateway/src/app.ts';
import { deployedGatewayOptions } from '../gateway/deployed-gateway.ts';
import { serveBenchChild } from './child.ts';

const publicKey = await importJWK(JSON.parse(process.env.BENCH_PUBLIC_JWK ?? '{}'), 'EdDSA');
const gateway = createGateway({
  ...deployedGatewayOptions(),
  readinessPollMs: 0,
  authenticate: async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    try {
      const { payload } = await jwtVerify(header.slice(7), publicKey, { audience: 'innerview' });
      return payload.sub ? { userId: payload.sub, sessionId: String(payload.sid ?? '') } : null;
    } catch {
      return null;
    }
  },
  logger: createLogger({ name: 'gateway', level: process.env.LOG_LEVEL ?? 'warn' }),
});
const listening = await listen(gateway.app, 0, '127.0.0.1');
serveBenchChild(listening.url, () => listening.stop(1000));
