/**
 * A memory threshold is named by who set it: at Dask's defaults (spill 0.7, pause 0.8, terminate
 * 0.95) it stands for the cluster's own setting; set otherwise (--threshold, the config file) it is
 * the user's, and no message credits it to Dask.
 */
import {describe, expect, it} from 'vitest';
import {memoryLabels} from '../../../source/model/alerts/level-condition.js';
import {DEFAULT_THRESHOLDS, isDaskDefault, memoryThresholdName} from '../../../source/model/alerts/thresholds.js';
import {resolveThresholds} from '../../../source/model/alerts/threshold-overrides.js';

describe('memory thresholds named by who set them', () => {
	it("are Dask's at Dask's defaults", () => {
		expect(memoryThresholdName(DEFAULT_THRESHOLDS, 'memory_warning')).toBe("Dask's spill threshold");
		expect(memoryThresholdName(DEFAULT_THRESHOLDS, 'memory_critical')).toBe("Dask's pause threshold");
		expect(memoryThresholdName(DEFAULT_THRESHOLDS, 'memory_terminate')).toBe("Dask's terminate threshold");
		expect(memoryLabels(DEFAULT_THRESHOLDS).critical).toBe("Dask's pause threshold");
	});

	it('are the user’s once set otherwise, each on its own', () => {
		const resolved = resolveThresholds({memory_critical: 0.2, memory_warning: 0.1});
		if ('error' in resolved) throw new Error(String(resolved.error));
		const t = resolved;
		expect(isDaskDefault(t, 'memory_critical')).toBe(false);
		expect(memoryThresholdName(t, 'memory_critical')).toBe('your memory_critical threshold');
		expect(memoryLabels(t)).toEqual({
			info: 'its threshold',
			warning: 'your memory_warning threshold',
			critical: 'your memory_critical threshold',
		});
		expect(memoryThresholdName(t, 'memory_terminate')).toBe("Dask's terminate threshold");
	});
});
