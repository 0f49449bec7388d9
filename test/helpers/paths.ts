import path from 'node:path';

/** Scratch space of the test suite (git-ignored). */
export const TEST_DATA_ROOT = path.resolve('.test-data');
