export * from './detect.ts';
export * from './init.ts';
export * from './languages.ts';
export * from './legal-document.ts';
export * from './loader.ts';
