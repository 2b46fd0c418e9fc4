import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import { imageNames } from '../../infra/docker/dockerfile.ts';

// The seven images (`npm run images:rehearse`, ADR 41) as a file of the deployment suite, so that
// they are proven beside the fault scenarios: those mostly wait on faults and restarts, the
// rehearsal mostly installs and starts, and together they fill the machine's two cores (ADR 84).
// The rehearsal runs its images as their own non-root user, which only root can do: under CI
// (always root) anyone else fails; elsewhere it is skipped and says why.
const root = process.getuid?.() === 0;
const repo = path.resolve(import.meta.dirname, '..', '..');
const logFile = path.join(repo, 'artifacts', 'images', 'rehearse.log');
// The lines worth a place in the suite's report as they come; every line is in the log file.
const milestone = /: ready from its own root|sees all six services|images:rehearse (passed|FAILED)|^- /;

if (!root && !process.env.CI)
  console.log('[images] not run: the rehearsal starts each image as its own user, which needs root');

it.runIf(root || process.env.CI)(
  'the seven images, performed from their Dockerfiles, start from their own roots and report ready',
  async () => {
    expect(root, 'images:rehearse starts each image as its own user: run it as root').toBe(true);
    mkdirSync(path.dirname(logFile), { recursive: true });
    const log = createWriteStream(logFile);
    const child = spawn(process.execPath, [path.join(repo, 'infra/docker/rehearse.ts')], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        log.write(`${line}\n`);
        if (milestone.test(line)) console.log(`[images] ${line}`);
      });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise((resolve) => log.end(resolve));
    // On a failure the rehearsal's last lines (its list of what failed) are the message.
    expect(code, `${lines.slice(-20).join('\n')}\n(the whole log: artifacts/images/rehearse.log)`).toBe(0);
    expect(lines.some((line) => line.endsWith(`images:rehearse passed: ${imageNames.join(', ')}`))).toBe(
      true,
    );
  },
  900_000,
);
