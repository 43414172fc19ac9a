/**
 * `test` for the specs whose stack is one per worker (the dashboard's and the public settings'): their
 * project names the kind of stack (`workerStack` in playwright.config.ts), and each test talks to the stack of
 * its worker's `parallelIndex`, so two tests running at once never change the same data.
 */
import { test as base } from '@playwright/test';
import { workerStackUrl, type WorkerStackKind } from './servers';

export const test = base.extend<{ workerStack: WorkerStackKind | undefined }>({
  workerStack: [undefined, { option: true }],
  baseURL: async ({ baseURL, workerStack }, use, testInfo) => {
    await use(workerStack ? workerStackUrl(workerStack, testInfo.parallelIndex) : baseURL);
  },
});

export { expect } from '@playwright/test';
