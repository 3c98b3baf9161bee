import { describe, it } from 'vitest';
import { crashRun, POWER_CUT_ONLY, TITLE } from '../helpers/kill-9-run.js';

// Issue 17, "power loss": kill -9 alone (test/helpers/kill-9-run.ts); the power-cut run is kill-9-power-cut.test.ts.
describe.skipIf(POWER_CUT_ONLY)('kill -9 of content-feed serve while 20 clients post events (SQLite)', () => {
  it(TITLE, () => crashRun(false), 1_800_000);
});
