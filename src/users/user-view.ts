import { Type } from '@sinclair/typebox';
import { IsoTimestamp, Nullable } from '../http/schemas.js';
import { toIso, toIsoOrNull } from '../lib/time.js';
import type { SourceRelation, User } from './user-repo.js';

const SourceRef = Type.Object({ id: Type.String(), name: Type.String(), since: IsoTimestamp });

export const UserRecord = Type.Object(
  {
    user_id: Type.String(),
    properties: Type.Record(Type.String(), Type.Unknown()),
    created_at: IsoTimestamp,
    updated_at: IsoTimestamp,
    last_active_at: Nullable(IsoTimestamp),
  },
  { $id: 'UserRecord' },
);

export const UserDetail = Type.Composite(
  [UserRecord, Type.Object({ followed_sources: Type.Array(SourceRef), blocked_sources: Type.Array(SourceRef) })],
  { $id: 'User' },
);

export function userRecord(user: User) {
  return {
    user_id: user.userId,
    properties: user.properties,
    created_at: toIso(user.createdAt),
    updated_at: toIso(user.updatedAt),
    last_active_at: toIsoOrNull(user.lastActiveAt),
  };
}

export function userDetail(user: User, relations: SourceRelation[]) {
  const refs = (relation: 'follow' | 'block') =>
    relations.filter((r) => r.relation === relation).map((r) => ({ id: r.sourceId, name: r.name, since: toIso(r.since) }));
  return { ...userRecord(user), followed_sources: refs('follow'), blocked_sources: refs('block') };
}
