import { jsonArg, need, one, str, type Commands } from './admin-args.js';

/** A tenant's experiments (docs/experiments.md). */
export const EXPERIMENT_COMMANDS: Commands = {
  'experiments create': [
    'experiments create TENANT ' +
      '--json \'{"scenario": S, "variants": [{"name": N, "algorithm_id": A, "share": 0.5}, …]}\'|@file  (docs/experiments.md)',
    (a, f) => ({
      method: 'POST',
      path: `/admin/v1/tenants/${one(a, 'experiments create TENANT --json SPEC')}/experiments`,
      body: jsonArg(f.json),
    }),
  ],
  'experiments list': [
    'experiments list TENANT',
    (a) => ({ method: 'GET', path: `/admin/v1/tenants/${one(a, 'experiments list TENANT')}/experiments` }),
  ],
  'experiments get': [
    'experiments get TENANT EXPERIMENT  (with its results per variant)',
    (a) => ({ method: 'GET', path: experimentPath(a, 'experiments get TENANT EXPERIMENT') }),
  ],
  'experiments start': [
    'experiments start TENANT EXPERIMENT',
    (a) => ({ method: 'POST', path: `${experimentPath(a, 'experiments start TENANT EXPERIMENT')}/start` }),
  ],
  'experiments stop': [
    'experiments stop TENANT EXPERIMENT',
    (a) => ({ method: 'POST', path: `${experimentPath(a, 'experiments stop TENANT EXPERIMENT')}/stop` }),
  ],
  'experiments shares': [
    'experiments shares TENANT EXPERIMENT --json \'{"control": 0.8, "variant": 0.2}\' [--reassign]',
    (a, f) => ({
      method: 'PUT',
      path: `${experimentPath(a, 'experiments shares TENANT EXPERIMENT --json SHARES')}/shares`,
      body: { shares: jsonArg(f.json), reassign: f.reassign ? true : undefined },
    }),
  ],
  'experiments promote': [
    'experiments promote TENANT EXPERIMENT [--variant V]  (the called winner when no variant is named)',
    (a, f) => ({
      method: 'POST',
      path: `${experimentPath(a, 'experiments promote TENANT EXPERIMENT [--variant V]')}/promote`,
      body: { variant: str(f.variant) },
    }),
  ],
};

/** `/admin/v1/tenants/TENANT/experiments/EXPERIMENT` from the command's two arguments. */
function experimentPath(args: string[], usage: string): string {
  const [tenant, id] = need(args, 2, usage);
  return `/admin/v1/tenants/${tenant}/experiments/${id}`;
}
