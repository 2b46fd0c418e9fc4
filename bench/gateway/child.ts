// The side of run.ts's child processes: announce the URL, answer CPU-time questions, leave with
// the parent.
export function serveBenchChild(url: string): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ url });
}
