import { describe, it } from 'vitest';
import { crashRun, KILL_ONLY, POWER_CUT_ONLY, POWER_CUT_REQUIRED, TITLE } from '../helpers/kill-9-run.js';
import { lazyFsMissing } from '../helpers/lazy-mount.js';

// Issue 17, "power loss": each kill -9 followed by a power cut (test/helpers/kill-9-run.ts); kill -9 alone is kill-9-consistency.test.ts.
const fuseMissing = KILL_ONLY ? null : lazyFsMissing();
if (fuseMissing !== null && !POWER_CUT_REQUIRED)
  console.warn(`[tests] ${fuseMissing}: the power-cut run of kill-9-consistency is SKIPPED.`);

describe.skipIf(KILL_ONLY)('kill -9 of content-feed serve and a power cut while 20 clients post events (SQLite on lazyfs.py)', () => {
  it.skipIf(fuseMissing !== null && !POWER_CUT_REQUIRED)(
    TITLE,
    async () => {
      if (fuseMissing !== null)
        throw new Error(
          `${fuseMissing}, and ${POWER_CUT_ONLY ? 'CRASH_POWER_CUT=1' : 'REQUIRE_ALL_BACKENDS=1'} requires the power-cut run`,
        );
      await crashRun(true);
    },
    1_800_000,
  );
});
