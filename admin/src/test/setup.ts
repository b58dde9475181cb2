import { configure } from '@testing-library/react';

// Screens wait for data; on a 2-core machine in a full run an answer may take longer than the 1 s
// Testing Library waits by default (and a test longer than vitest's 5 s), which is a slow machine,
// not a broken screen. The test's own limit is in vitest.config.ts.
configure({ asyncUtilTimeout: 5_000 });
