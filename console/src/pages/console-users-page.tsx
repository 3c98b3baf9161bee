import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import type { Tenant } from '../api/api-types.js';
import type { operations } from '../api/openapi.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { DataTable } from '../components/data-table.js';
import { SelectField, TextField } from '../components/field.js';
import { Form, FormProblem } from '../components/form.js';
import { Loaded } from '../components/loaded.js';
import { Page, Section } from '../components/page.js';
import { Problem } from '../components/problem.js';
import { useLang, useT } from '../i18n/index.js';
import { announce } from '../lib/announce.js';
import { formatDateTime } from '../lib/format.js';
import { useAction, useResource } from '../lib/use-resource.js';

type ConsoleUserRecord = operations['getAdminConsoleUsers']['responses'][200]['content']['application/json']['console_users'][number];
type Role = ConsoleUserRecord['role'];
/** The server's minimum (docs/console.md). */
const MIN_PASSWORD = 10;

/** Operators: who may sign in to the console, as what; invite one (with a first password to hand over), change one's role, remove one. */
export function ConsoleUsersPage() {
  const t = useT();
  const lang = useLang();
  const users = useResource(() => api.get<{ console_users: ConsoleUserRecord[] }>('/admin/v1/console-users'), []);
  const tenants = useResource(() => api.get<{ tenants: Tenant[] }>('/admin/v1/tenants'), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [tenantId, setTenantId] = useState('');
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const [removing, setRemoving] = useState<ConsoleUserRecord | null>(null);
  const tenantName = (id: string | null) => (id ? (tenants.data?.tenants.find((x) => x.id === id)?.name ?? id) : '—');
  const chosenTenant = tenantId || tenants.data?.tenants[0]?.id || '';

  const invite = useAction(async () => {
    const created = await api.post<ConsoleUserRecord>('/admin/v1/console-users', {
      email: email.trim(),
      role,
      password,
      ...(role === 'member' ? { tenant_id: chosenTenant } : {}),
    });
    announce(
      t(created.role === 'member' ? 'done.memberInvited' : 'done.operatorInvited', {
        email: created.email,
        tenant: tenantName(created.tenant_id),
      }),
    );
    setEmail('');
    setPassword('');
    setTried(false);
    await users.reload();
  });
  const [changing, setChanging] = useState<ConsoleUserRecord | null>(null);
  const [newRole, setNewRole] = useState<Role>('member');
  const [newTenant, setNewTenant] = useState('');
  const openRoleChange = (user: ConsoleUserRecord) => {
    setChanging(user);
    setNewRole(user.role === 'member' ? 'operator' : 'member');
    setNewTenant(user.tenant_id ?? tenants.data?.tenants[0]?.id ?? '');
  };
  const changeRole = useAction(async (user: ConsoleUserRecord) => {
    const changed = await api.patch<ConsoleUserRecord>(`/admin/v1/console-users/${encodeURIComponent(user.id)}`, {
      role: newRole,
      tenant_id: newRole === 'member' ? newTenant : null,
    });
    setChanging(null);
    announce(
      t(changed.role === 'member' ? 'done.roleMember' : 'done.roleOperator', {
        email: changed.email,
        tenant: tenantName(changed.tenant_id),
      }),
    );
    await users.reload();
  });
  const remove = useAction(async (user: ConsoleUserRecord) => {
    await api.delete(`/admin/v1/console-users/${encodeURIComponent(user.id)}`);
    setRemoving(null);
    announce(t('done.consoleUserRemoved', { email: user.email }));
    await users.reload();
  });

  const problems = {
    email: /^[^\s@]+@[^\s@]+$/.test(email.trim()) ? undefined : t('consoleUsers.emailInvalid'),
    password: password.length >= MIN_PASSWORD ? undefined : t('consoleUsers.passwordShort', { n: MIN_PASSWORD }),
  };
  const shown = (name: keyof typeof problems) => (tried ? problems[name] : undefined) ?? invite.error?.fieldMessage(name);

  return (
    <Page title={t('consoleUsers.title')}>
      <Section title={t('consoleUsers.list')}>
        <Problem error={users.error ?? remove.error} />
        <Loaded resource={users}>
          {(data) => (
            <div class="table-wrap">
              <DataTable
                rows={data.console_users}
                empty={t('consoleUsers.none')}
                columns={[t('consoleUsers.email'), t('consoleUsers.role'), t('consoleUsers.tenant'), t('consoleUsers.lastLogin')]}
                actions
              >
                {(user) => (
                  <tr key={user.id}>
                    <td class="cell-wrap">{user.email}</td>
                    <td>{t(`role.${user.role}`)}</td>
                    <td>{tenantName(user.tenant_id)}</td>
                    <td class="nowrap">{user.last_login_at ? formatDateTime(lang, user.last_login_at) : t('consoleUsers.never')}</td>
                    <td class="actions">
                      <button
                        type="button"
                        class="button button-small"
                        aria-label={t('consoleUsers.changeRoleNamed', { email: user.email })}
                        onClick={() => openRoleChange(user)}
                      >
                        {t('consoleUsers.changeRole')}
                      </button>{' '}
                      <button
                        type="button"
                        class="button button-small button-danger-outline"
                        aria-label={t('consoleUsers.removeNamed', { email: user.email })}
                        onClick={() => setRemoving(user)}
                      >
                        {t('consoleUsers.remove')}
                      </button>
                    </td>
                  </tr>
                )}
              </DataTable>
            </div>
          )}
        </Loaded>
      </Section>
      <Section title={t('consoleUsers.invite')}>
        <p class="section-help">{t('consoleUsers.inviteHelp')}</p>
        <Form
          class="form-grid"
          noValidate
          onSubmit={() => {
            setTried(true);
            if (!problems.email && !problems.password) void invite.run();
          }}
        >
          <TextField
            label={t('consoleUsers.email')}
            type="email"
            autoComplete="off"
            value={email}
            onValue={setEmail}
            error={shown('email')}
          />
          <SelectField
            label={t('consoleUsers.role')}
            value={role}
            onValue={(v) => setRole(v as Role)}
            options={(['member', 'operator'] as const).map((r) => ({ value: r, label: t(`role.${r}`) }))}
            help={t('consoleUsers.roleHelp')}
          />
          {role === 'member' && (
            <SelectField
              label={t('consoleUsers.tenant')}
              value={chosenTenant}
              onValue={setTenantId}
              options={(tenants.data?.tenants ?? []).map((x) => ({ value: x.id, label: x.name }))}
              error={invite.error?.fieldMessage('tenant_id')}
            />
          )}
          <TextField
            label={t('consoleUsers.password')}
            help={t('consoleUsers.passwordHelp', { n: MIN_PASSWORD })}
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            error={shown('password')}
          />
          <FormProblem error={invite.error} fields={['email', 'password', 'tenant_id']} />
          <div class="form-actions">
            <button type="submit" class="button button-primary" disabled={invite.pending}>
              {t('consoleUsers.inviteButton')}
            </button>
          </div>
        </Form>
      </Section>
      <ConfirmDialog
        open={changing !== null}
        title={t('consoleUsers.changeRoleTitle', { email: changing?.email ?? '' })}
        confirmLabel={t('consoleUsers.changeRole')}
        pending={changeRole.pending}
        onCancel={() => setChanging(null)}
        onConfirm={() => changing && void changeRole.run(changing)}
      >
        <p>{t('consoleUsers.changeRoleBody')}</p>
        <SelectField
          label={t('consoleUsers.role')}
          value={newRole}
          onValue={(v) => setNewRole(v as Role)}
          options={(['member', 'operator'] as const).map((r) => ({ value: r, label: t(`role.${r}`) }))}
        />
        {newRole === 'member' && (
          <SelectField
            label={t('consoleUsers.tenant')}
            value={newTenant}
            onValue={setNewTenant}
            options={(tenants.data?.tenants ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        )}
        <Problem error={changeRole.error} />
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('consoleUsers.removeTitle', { email: removing?.email ?? '' })}
        confirmLabel={t('consoleUsers.remove')}
        danger
        pending={remove.pending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove.run(removing)}
      >
        <p>{t('consoleUsers.removeBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
