import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * Browser benchmarks (`npm run bench:recording`, or `BENCH_ONLY=recording npm run bench`):
 * the e2e server and phone-sized Chromium of playwright.config.ts, running
 * e2e/bench/*.bench.ts only (never part of the e2e suite), without retries.
 */
export default defineConfig({
  ...base,
  testDir: './e2e/bench',
  testMatch: /\.bench\.ts$/,
  retries: 0,
  timeout: 15 * 60_000,
  reporter: 'list',
});
