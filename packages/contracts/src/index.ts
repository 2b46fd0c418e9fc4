export * from './errors.ts';
export * from './events.ts';
