import { listen, runMain } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { createGateway } from './app.ts';
import { gatewaySettingsFromEnv } from './config.ts';

// Distributed mode (compose, k8s). Embedded mode builds the gateway in scripts/start.ts instead.
// Token verification (`authenticate`) joins with the accounts work; until then services see no user.
await runMain(async () => {
  const settings = gatewaySettingsFromEnv();
  const logger = createLogger({ name: 'gateway', level: settings.logLevel });
  const gateway = createGateway({ ...settings.options, logger });
  const listening = await listen(gateway.app, settings.port, settings.host);
  logger.info({ url: listening.url }, 'gateway listening');
  return {
    stop: async () => {
      gateway.drain();
      await listening.stop();
      await gateway.close();
    },
  };
});
