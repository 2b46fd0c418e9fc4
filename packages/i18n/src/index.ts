export * from './detect.ts';
export * from './init.ts';
export * from './languages.ts';
export * from './loader.ts';
