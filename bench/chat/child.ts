import { writeHeapSnapshot } from 'node:v8';

// The side of run.ts's child processes: announce the URL, report memory and CPU time on request
// (and write a heap snapshot into BENCH_HEAP_DIR when asked), leave with the parent.
export function serveBenchChild(url: string, onExit?: () => Promise<void>): void {
  process.on('message', (message) => {
    if (message === 'stats') process.send?.({ stats: { ...process.memoryUsage(), cpu: process.cpuUsage() } });
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
