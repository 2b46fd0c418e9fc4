import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';

// The side of run.ts's child processes: announce the URL, report memory, CPU time and event-loop
// delay on request (and write a heap snapshot into BENCH_HEAP_DIR when asked), leave with the parent.
export function serveBenchChild(url: string, onExit?: () => Promise<void>): void {
  // How late timers ran since the previous report: a process short of CPU (its own work, or other
  // processes on the cores) shows it here; one waiting on I/O does not.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.on('message', (message) => {
    if (message === 'stats') {
      const loopDelayMs = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6 };
      loop.reset();
      process.send?.({ stats: { ...process.memoryUsage(), cpu: process.cpuUsage(), loopDelayMs } });
    }
    // The heap still reachable: two full collections (run.ts starts children with --expose-gc).
    if (message === 'live') {
      const collect = (globalThis as { gc?: () => void }).gc;
      collect?.();
      collect?.();
      process.send?.({ live: collect ? process.memoryUsage().heapUsed : -1 });
    }
    if (typeof message === 'object' && message && 'heap' in message && process.env.BENCH_HEAP_DIR) {
      const file = writeHeapSnapshot(
        `${process.env.BENCH_HEAP_DIR}/${(message as { heap: string }).heap}.heapsnapshot`,
      );
      process.send?.({ heapWritten: file });
    }
  });
  process.on('disconnect', () => {
    void (onExit?.() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  process.send?.({ url });
}
