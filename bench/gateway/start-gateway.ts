// The gateway as deployed, every service pointing at the benchmark upstream. Started by run.ts in
// its own process; reports its port over IPC.
import { listen } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { createGateway } from '../../gateway/src/app.ts';
import { serveBenchChild } from './child.ts';
import { deployedGatewayOptions } from './deployed-gateway.ts';

const gateway = createGateway({
  ...deployedGatewayOptions(),
  logger: createLogger({ name: 'gateway', level: process.env.LOG_LEVEL ?? 'info' }),
});
const listening = await listen(gateway.app, 0, '127.0.0.1');
serveBenchChild(listening.url);
