import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		environment: 'node',
		// TZ: times are local (as htop and date); tests that are about the zone set their own.
		env: {FORCE_COLOR: '0', TZ: 'UTC'},
		// A focused test (`it.only`) fails the run instead of quietly skipping the rest (the lint's
		// noFocusedTests cannot tell `.only` from the project's own `fit`).
		allowOnly: false,
		testTimeout: 20_000,
		hookTimeout: 120_000,
		// End-to-end files (test/e2e/) start real Dask clusters and real terminals; on 2 cores they
		// run one file at a time, after the unit tests. (No root-level include: projects that extend
		// the root would merge it into their own lists.)
		projects: [
			{extends: true, test: {name: 'unit', include: ['test/**/*.test.{ts,tsx}'], exclude: ['test/e2e/**']}},
			{
				extends: true,
				test: {
					name: 'e2e',
					include: ['test/e2e/**/*.test.{ts,tsx}'],
					fileParallelism: false,
					sequence: {groupOrder: 1},
					globalSetup: ['test/e2e/global-setup.ts'],
				},
			},
		],
	},
});
