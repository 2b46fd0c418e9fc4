// Runs after every `npm install` (root postinstall).
//
// The registry this project installs from serves only the platform packages of the machines we
// run on, so npm leaves the other platforms' optional binaries (biome, rspack, esbuild …) out of
// package-lock.json — and then `npm ci` refuses the lock as "out of sync". This adds an entry for
// each such optional dependency, marked optional with its os/cpu/libc, which is exactly what npm
// itself records on a registry that has them: `npm ci` accepts the lock and skips the entries
// that don't match the machine, so nothing is ever fetched for them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
if (!existsSync(file)) process.exit(0);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages ?? {};
const systems = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const cpus = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = key === '' ? `node_modules/${dep}` : `${key}/node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const last = dep.split('/').pop();
    const os = systems.find((s) => last.includes(s));
    const cpu = cpus.find((c) => new RegExp(`(^|-)${c}($|-)`).test(last));
    if (!os && !cpu) continue; // not a platform binary: leave npm's own judgement alone
    packages[`node_modules/${dep}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(/musl/.test(last) ? { libc: ['musl'] } : /gnu/.test(last) ? { libc: ['glibc'] } : {}),
    };
    added++;
  }
}
if (added > 0) {
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lockfile: recorded ${added} optional platform packages`);
}
