// `npm run events -- <command> [...]`: operator commands for the event bus. Each command lives in
// its own module under scripts/events/ and exports `run(args)`, resolving to the exit code.
const commands: Record<
  string,
  { about: string; load: () => Promise<{ run(args: string[]): Promise<number> }> }
> = {
  provision: {
    about: 'create or update the Kafka topics of every event type and the dead letters',
    load: () => import('./events/provision.ts'),
  },
  'dead-letters': {
    about: "list or replay the events a service gave up on (kept in the service's database)",
    load: () => import('./events/dead-letters.ts'),
  },
};

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error('usage: npm run events -- <command> [options]\n');
  for (const [key, { about }] of Object.entries(commands)) console.error(`  ${key.padEnd(14)} ${about}`);
  process.exit(name ? 2 : 0);
}
process.exitCode = await (await command.load()).run(args);
