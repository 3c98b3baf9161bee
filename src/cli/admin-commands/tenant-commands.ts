import { capOrNull, jsonArg, need, num, one, query, str, type Commands, type Flags } from './admin-args.js';

/** The fields `tenants create` and `tenants update` both send. */
const tenantFields = (f: Flags) => ({
  name: str(f.name),
  plan: str(f.plan),
  rate_limit_rps: num(f.rate),
  usage_cap_credits: capOrNull(f.cap),
  billing_anchor_day: num(f['anchor-day']),
});

/** Tenants, their API keys, webhook, algorithms and scenarios. */
export const TENANT_COMMANDS: Commands = {
  'tenants create': [
    'tenants create --name N --plan starter|professional|enterprise|custom [--rate N] [--cap CREDITS] ' +
      '[--anchor-day D] [--no-default-scenarios]',
    (_a, f) => ({
      method: 'POST',
      path: '/admin/v1/tenants',
      body: {
        ...tenantFields(f),
        // Without the flag the server gives the tenant the algorithm `default` and the scenarios `feed` and `push`.
        default_scenarios: f['no-default-scenarios'] ? false : undefined,
      },
    }),
  ],
  'tenants list': ['tenants list', () => ({ method: 'GET', path: '/admin/v1/tenants' })],
  'tenants get': ['tenants get TENANT', (a) => ({ method: 'GET', path: `/admin/v1/tenants/${one(a, 'tenants get TENANT')}` })],
  'tenants update': [
    'tenants update TENANT [--name N] [--plan P] [--rate N] [--cap CREDITS|none] [--anchor-day D]',
    (a, f) => ({ method: 'PATCH', path: `/admin/v1/tenants/${one(a, 'tenants update TENANT')}`, body: tenantFields(f) }),
  ],
  'tenants delete': [
    'tenants delete TENANT --confirm TENANT  (the id again: everything of the tenant is deleted, the audit log kept)',
    (a, f) => {
      const tenant = one(a, 'tenants delete TENANT --confirm TENANT');
      if (str(f.confirm) !== a[0])
        throw new Error(
          `not deleting: repeat the tenant's id to confirm (--confirm ${a[0]}); all of its data is deleted and cannot be restored`,
        );
      return { method: 'DELETE', path: `/admin/v1/tenants/${tenant}?confirm=${tenant}` };
    },
  ],
  'keys create': [
    'keys create TENANT [--name N]',
    (a, f) => ({ method: 'POST', path: `/admin/v1/tenants/${one(a, 'keys create TENANT')}/api-keys`, body: { name: str(f.name) } }),
  ],
  'keys list': ['keys list TENANT', (a) => ({ method: 'GET', path: `/admin/v1/tenants/${one(a, 'keys list TENANT')}/api-keys` })],
  'keys revoke': [
    'keys revoke TENANT KEY_ID',
    (a) => {
      const [tenant, key] = need(a, 2, 'keys revoke TENANT KEY_ID');
      return { method: 'DELETE', path: `/admin/v1/tenants/${tenant}/api-keys/${key}` };
    },
  ],
  'webhook set': [
    'webhook set TENANT URL',
    (a) => {
      const [tenant] = need(a, 2, 'webhook set TENANT URL');
      return { method: 'PUT', path: `/admin/v1/tenants/${tenant}/webhook`, body: { url: a[1] } };
    },
  ],
  'webhook remove': [
    'webhook remove TENANT',
    (a) => ({ method: 'DELETE', path: `/admin/v1/tenants/${one(a, 'webhook remove TENANT')}/webhook` }),
  ],
  'webhook deliveries': [
    'webhook deliveries TENANT [--status pending|delivered|failed|cancelled] [--limit N] [--cursor C]',
    (a, f) => {
      const tenant = one(a, 'webhook deliveries TENANT');
      const filters = query({ status: str(f.status), limit: str(f.limit), cursor: str(f.cursor) });
      return { method: 'GET', path: `/admin/v1/tenants/${tenant}/webhook/deliveries${filters}` };
    },
  ],
  'algorithms put': [
    'algorithms put TENANT ALGORITHM --json CONFIG|@file',
    (a, f) => {
      const [tenant, id] = need(a, 2, 'algorithms put TENANT ALGORITHM --json CONFIG');
      return { method: 'PUT', path: `/admin/v1/tenants/${tenant}/algorithms/${id}`, body: f.json === undefined ? {} : jsonArg(f.json) };
    },
  ],
  'algorithms list': [
    'algorithms list TENANT',
    (a) => ({ method: 'GET', path: `/admin/v1/tenants/${one(a, 'algorithms list TENANT')}/algorithms` }),
  ],
  'scenarios put': [
    'scenarios put TENANT SCENARIO --type feed|push --algorithm ALGORITHM',
    (a, f) => {
      const [tenant, name] = need(a, 2, 'scenarios put TENANT SCENARIO --type feed|push --algorithm ALGORITHM');
      return {
        method: 'PUT',
        path: `/admin/v1/tenants/${tenant}/scenarios/${name}`,
        body: { type: str(f.type), algorithm_id: str(f.algorithm) },
      };
    },
  ],
  'scenarios list': [
    'scenarios list TENANT',
    (a) => ({ method: 'GET', path: `/admin/v1/tenants/${one(a, 'scenarios list TENANT')}/scenarios` }),
  ],
};
