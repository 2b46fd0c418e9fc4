// `./node_modules/.bin/node bench/chat-browser/profile.ts`: where the time of opening a long session
// goes. Seeds as run.ts does, then (1) times the transcript call from Node (the server's share:
// read, decryption, JSON, the gateway), (2) opens the session in-app in Chromium with the CDP
// sampling profiler running and prints the browser's self time by script and function, beside the
// transcript request's own timing in the page. Prints only; docs/benchmarks.md is run.ts's.
import type { CDPSession, Page } from 'playwright-core';
import { median } from './report.ts';
import { api, createPerson, newSession, seedLongSession, signedIn, withProductAndBrowser } from './seed.ts';

const messages = Number(process.env.MESSAGES ?? 1000);
const runs = Number(process.env.RUNS ?? 3);

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Self time (ms) per "script › function", from the sampling profile. */
function selfTimes(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byId.get(profile.samples[i]!)!;
    const script = node.callFrame.url.split('/').at(-1) || '(native)';
    const key = `${script} › ${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return totals;
}

/** A click on the session in the sidebar until its last message is in view; the transcript fetch's timing. */
function openInApp(page: Page, sessionId: string, lastId: string) {
  return page.evaluate(
    ({ href, target }) =>
      new Promise<{
        totalMs: number;
        fetchStartMs: number;
        fetchEndMs: number;
        bytes: number;
        frames: string[];
      }>((resolve, reject) => {
        performance.clearResourceTimings();
        // Long animation frames (over 50 ms) of the open: how much was script, how much layout.
        const frames: string[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const f of list.getEntries() as PerformanceEntry[] & Array<Record<string, never>>) {
            const e = f as unknown as {
              startTime: number;
              duration: number;
              renderStart: number;
              styleAndLayoutStart: number;
              scripts: Array<{ duration: number; invoker: string; sourceFunctionName: string }>;
            };
            const script = e.scripts.reduce((sum, s) => sum + s.duration, 0);
            const layout = e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0;
            const top = [...e.scripts].sort((a, b) => b.duration - a.duration)[0];
            frames.push(
              `frame at ${(e.startTime - start).toFixed(0)} ms: ${e.duration.toFixed(0)} ms, script ${script.toFixed(0)} (${top ? `${top.invoker} ${top.duration.toFixed(0)}` : '-'}), style+layout ${layout.toFixed(0)}`,
            );
          }
        });
        observer.observe({ type: 'long-animation-frame', buffered: false });
        const link = document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);
        if (!link) return reject(new Error(`no link ${href}`));
        const start = performance.now();
        link.click();
        const check = () => {
          const box = document.querySelector(target)?.getBoundingClientRect();
          if (box && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) {
            const end = performance.now();
            const call = performance
              .getEntriesByType('resource')
              .find((e) => e.name.includes('/transcript')) as PerformanceResourceTiming | undefined;
            // The frame in progress is reported after it ends.
            setTimeout(() => {
              observer.disconnect();
              resolve({
                totalMs: end - start,
                fetchStartMs: call ? call.startTime - start : Number.NaN,
                fetchEndMs: call ? call.responseEnd - start : Number.NaN,
                bytes: call?.encodedBodySize ?? 0,
                frames,
              });
            }, 200);
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { href: `/chat/${sessionId}`, target: `[data-message-id="${lastId}"]` },
  );
}

async function main() {
  await withProductAndBrowser(async (browser) => {
    const person = await createPerson();
    console.log(`seeding ${messages} messages…`);
    const long = await seedLongSession(person.token, messages);
    const empty = await newSession(person.token);

    // (1) The server's share, from Node: the whole transcript, then the first page the remote asks for.
    for (const query of ['', `?limit=${process.env.PAGE ?? 50}`]) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 7; i += 1) {
        const start = performance.now();
        const response = await api(`/api/v1/chat-sessions/${long.id}/transcript${query}`, {
          token: person.token,
        });
        bytes = (await response.arrayBuffer()).byteLength;
        times.push(performance.now() - start);
      }
      console.log(
        `GET transcript${query}: median ${median(times).toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(', ')}), ${bytes} bytes`,
      );
    }

    // (2) The browser's share: in-app opens under the sampling profiler.
    const context = await signedIn(browser, person.token);
    const page = await context.newPage();
    await page.goto(`/chat/${empty}`);
    await page.locator('.iv-chat-greeting').waitFor();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const totals = new Map<string, number>();
    for (let i = 0; i < runs; i += 1) {
      await cdp.send('Profiler.start');
      const timing = await openInApp(page, long.id, long.lastId);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      for (const [key, ms] of selfTimes(profile)) totals.set(key, (totals.get(key) ?? 0) + ms);
      for (const frame of timing.frames) console.log(`  ${frame}`);
      console.log(
        `open ${i + 1}: ${timing.totalMs.toFixed(0)} ms to the last message in view; transcript fetch ${timing.fetchStartMs.toFixed(0)}–${timing.fetchEndMs.toFixed(0)} ms (${timing.bytes} bytes); ${await page.locator('article.iv-chat-message').count()} messages in the page`,
      );
      await page.locator(`a[href="/chat/${empty}"]`).click();
      await page.locator('.iv-chat-greeting').waitFor();
    }
    const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30);
    console.log(`\nbrowser self time over ${runs} opens (ms, summed):`);
    for (const [key, ms] of top) console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
    await context.close();
  });
}

await main();
