import { listen, runMain } from '@innerview/kit/lifecycle';
import { createLogger } from '@innerview/kit/logger';
import { startTracing } from '@innerview/kit/tracing';
import { createGateway } from './app.ts';
import { gatewaySettingsFromEnv } from './config.ts';
import { createTokenCheck } from './token-check.ts';

// Distributed mode (compose, k8s). Embedded mode builds the gateway in scripts/embedded.ts instead.
await runMain(async () => {
  const settings = gatewaySettingsFromEnv();
  startTracing('gateway');
  const logger = createLogger({ name: 'gateway', level: settings.logLevel });
  const tokens = createTokenCheck({
    authUrl: settings.options.upstreams.auth,
    redisUrl: settings.options.redisUrl,
    signingKey: settings.options.signingKey,
    logger,
  });
  const gateway = createGateway({ ...settings.options, logger, authenticate: tokens.authenticate });
  const listening = await listen(gateway.app, settings.port, settings.host, {
    requestTimeoutMs: settings.requestTimeoutMs,
  });
  const metrics = await listen(gateway.metricsApp, settings.metricsPort, settings.host);
  logger.info({ url: listening.url, metrics: metrics.url }, 'gateway listening');
  return {
    stop: async () => {
      gateway.drain();
      await listening.stop();
      await metrics.stop();
      await gateway.close();
      await tokens.close();
    },
  };
});
