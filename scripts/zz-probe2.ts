import { startEmbedded } from '/work/wt/trust/scripts/embedded.ts';
const t = Date.now();
const p = await startEmbedded({ port: 0, dataDir: '/tmp/trust-embedded-probe2', env: { LOG_LEVEL: 'info', INTERNAL_SIGNING_KEY_PREVIOUS: 'the-key-this-run-is-rotating-out-0123456789' } });
console.log('started in', Date.now() - t, p.url);
await p.stop();
console.log('stopped');
