// The side of run.ts's child processes: announce the URL, report resident memory and CPU time on
// request, leave with the parent.
export function serveBenchChild(url: string, onExit?: () => Promise<void>): void {
  process.on('message', (message) => {
    if (message === 'stats')
      process.send?.({ stats: { rss: process.memoryUsage().rss, cpu: process.cpuUsage() } });
  });
  process.on('disconnect', () => {
    void (onExit?.() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  process.send?.({ url });
}
