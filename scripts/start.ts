// `npm start`: the whole product in one process on embedded defaults. See README.
import { buildFrontends, staleFrontends, startEmbedded } from './embedded.ts';

const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.DATA_DIR ?? '.data';

const stale = staleFrontends();
if (stale.length > 0 && process.env.SKIP_FRONTEND_BUILD !== '1')
  buildFrontends(stale, (line) => console.log(line));

const product = await startEmbedded({ port, dataDir, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });
console.log(`Innerview is running at ${product.url}`);
console.log(`Data is kept in ${dataDir}; stop with Ctrl-C.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    product.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
