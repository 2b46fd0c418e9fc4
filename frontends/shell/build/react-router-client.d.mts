// Types for the type checker: the package's own (shared-subsets.test.ts holds the list to real exports).
export * from 'react-router';
