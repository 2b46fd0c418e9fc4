// Types of react-router-client.mjs for the type checker: a subset of react-router's exports, so
// these are react-router's own (react-router-client.test.ts holds the list to real exports).
export * from 'react-router';
