// Writes dist/sw.js after the shell's build (`npm run build -w frontends/shell` runs it):
//   node frontends/shell/build/write-service-worker.ts [distDir]
// The worker (src/pwa/service-worker/) is bundled with rspack, then Workbox injects the list of the
// shell's files with their revisions. The release id is a hash of that list, so any change to any
// file of the shell makes a new sw.js, which the browser installs on the next load (ADR 54).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { getManifest, injectManifest } from 'workbox-build';

const appDir = join(import.meta.dirname, '..');

/** The shell's files kept for offline use: everything the page may load, not maps or the worker. */
const precacheGlobs = {
  globPatterns: ['**/*.{js,css,html,json,png,ico,svg,webmanifest}'],
  globIgnores: ['sw.js', '**/*.map', '**/*.LICENSE.txt'],
  // Names with a content hash need no revision: the name changes with the content.
  dontCacheBustURLsMatching: /[.-][0-9a-f]{8,}\.[a-z0-9]+$/,
};

export type WrittenServiceWorker = { release: string; files: number; bytes: number };

function bundle(outDir: string, release: string): Promise<void> {
  const compiler = rspack({
    mode: 'production',
    target: 'webworker',
    context: appDir,
    devtool: false,
    entry: { sw: './src/pwa/service-worker/service-worker.ts' },
    output: { path: outDir, filename: 'sw.js', clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [new rspack.DefinePlugin({ INNERVIEW_RELEASE: JSON.stringify(release) })],
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    });
  });
}

export async function writeServiceWorker(distDir: string): Promise<WrittenServiceWorker> {
  const listed = await getManifest({ globDirectory: distDir, ...precacheGlobs });
  if (listed.warnings.length > 0) throw new Error(listed.warnings.join('\n'));
  const hash = createHash('sha256');
  for (const entry of [...listed.manifestEntries].sort((a, b) => a.url.localeCompare(b.url)))
    hash.update(`${entry.url} ${entry.revision ?? ''}\n`);
  const release = hash.digest('hex').slice(0, 16);

  const work = await mkdtemp(join(tmpdir(), 'innerview-sw-'));
  try {
    await bundle(work, release);
    const written = await injectManifest({
      swSrc: join(work, 'sw.js'),
      swDest: join(distDir, 'sw.js'),
      globDirectory: distDir,
      ...precacheGlobs,
    });
    if (written.warnings.length > 0) throw new Error(written.warnings.join('\n'));
    return { release, files: written.count, bytes: written.size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const distDir = process.argv[2] ?? join(appDir, 'dist');
  const { release, files, bytes } = await writeServiceWorker(distDir);
  console.log(
    `Service worker: release ${release}, ${files} files precached (${Math.round(bytes / 1024)} KiB)`,
  );
}
