import { Type, type Static } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import type { ConsoleUser } from './console-user-repo.js';

export const ConsoleRoleSchema = Type.Union([Type.Literal('operator'), Type.Literal('member')]);

/** Who is logged in, as the console's front end sees it. */
export const SessionUserView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: ConsoleRoleSchema,
  tenant_id: Nullable(Type.String(), { description: 'The member’s tenant; null for operators.' }),
});

/** A console user in the operator's list. */
export const ConsoleUserView = Type.Composite(
  [SessionUserView, Type.Object({ created_at: IsoTimestamp, last_login_at: Nullable(IsoTimestamp) })],
  { $id: 'ConsoleUser' },
);

export function sessionUserView(user: ConsoleUser): Static<typeof SessionUserView> {
  return { id: user.id, email: user.email, role: user.role, tenant_id: user.tenantId };
}

export function consoleUserView(user: ConsoleUser): Static<typeof ConsoleUserView> {
  return { ...sessionUserView(user), created_at: toIso(user.createdAt), last_login_at: toIsoOrNull(user.lastLoginAt) };
}
