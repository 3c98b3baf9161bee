import type { CallState } from './call-state.js';
import { EventBuffer, type EventBufferOptions } from './event-buffer.js';
import { feedItems, feedPages, users } from './pages.js';
import { downloadCandidates, waitForPushJob, type WaitOptions } from './push.js';
import { segment, Transport, type ClientOptions } from './transport.js';
import type {
  Content,
  FeedPage,
  FeedQuery,
  PushJob,
  PushJobCreated,
  PushJobRequest,
  RequestBody,
  ResponseBody,
  TrackedEvent,
  Usage,
  UserListQuery,
  UserPage,
} from './types.js';

/**
 * The content-feed API for a tenant's backend: one typed method per /v1 operation
 * (named as its operationId), plus the buffer, the iterators and push helpers.
 * Every method throws ProblemError when the API refuses.
 */
export class ContentFeedClient {
  readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
  }

  /** What the last response said: status, request id, credits, rate-limit window. */
  get lastCall(): CallState | null {
    return this.transport.last;
  }

  /** Credits consumed by this client's calls so far (sum of X-Credits-Used). */
  get creditsUsed(): number {
    return this.transport.creditsUsed;
  }

  getFeed(query: FeedQuery): Promise<FeedPage> {
    return this.transport.request({ method: 'GET', path: '/v1/feed', query, idempotent: true });
  }

  getContent(contentId: string): Promise<Content> {
    return this.transport.request({ method: 'GET', path: `/v1/contents/${segment(contentId)}`, idempotent: true });
  }

  getUsage(): Promise<Usage> {
    return this.transport.request({ method: 'GET', path: '/v1/usage', idempotent: true });
  }

  listUsers(query: UserListQuery = {}): Promise<UserPage> {
    return this.transport.request({ method: 'GET', path: '/v1/users', query, idempotent: true });
  }

  getUser(userId: string): Promise<ResponseBody<'getUser'>> {
    return this.transport.request({ method: 'GET', path: userPath(userId), idempotent: true });
  }

  /** Creates or replaces the user's properties (upsert). */
  putUser(userId: string, body: RequestBody<'putUser'>): Promise<ResponseBody<'putUser'>> {
    return this.transport.request({ method: 'PUT', path: userPath(userId), body, idempotent: true });
  }

  /** Sets only the given properties (null removes one): sending it twice sets the same values. */
  patchUser(userId: string, body: RequestBody<'patchUser'>): Promise<ResponseBody<'patchUser'>> {
    return this.transport.request({ method: 'PATCH', path: userPath(userId), body, idempotent: true });
  }

  deleteUser(userId: string): Promise<void> {
    return this.transport.request({ method: 'DELETE', path: userPath(userId), idempotent: true });
  }

  followSource(userId: string, sourceId: string): Promise<void> {
    return this.transport.request({ method: 'PUT', path: sourcePath(userId, sourceId, 'follow'), idempotent: true });
  }

  unfollowSource(userId: string, sourceId: string): Promise<void> {
    return this.transport.request({ method: 'DELETE', path: sourcePath(userId, sourceId, 'follow'), idempotent: true });
  }

  blockSource(userId: string, sourceId: string): Promise<void> {
    return this.transport.request({ method: 'PUT', path: sourcePath(userId, sourceId, 'block'), idempotent: true });
  }

  unblockSource(userId: string, sourceId: string): Promise<void> {
    return this.transport.request({ method: 'DELETE', path: sourcePath(userId, sourceId, 'block'), idempotent: true });
  }

  /**
   * Sends 1–100 events at once. Safe to retry: the server stores an event once
   * (same session, type, token, user and time). Prefer `eventBuffer()` to batch them.
   */
  sendEvents(events: TrackedEvent[]): Promise<ResponseBody<'sendEvents'>> {
    return this.transport.request({ method: 'POST', path: '/v1/events', body: { events }, idempotent: true });
  }

  /**
   * Creates a push-candidate job. One Idempotency-Key (yours, or a fresh UUID) is
   * sent on every retry, so a retried create returns the same job, never a second one.
   */
  createPushJob(body: PushJobRequest, options: { idempotencyKey?: string } = {}): Promise<PushJobCreated> {
    const key = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    return this.transport.request({
      method: 'POST',
      path: '/v1/push-candidates',
      body,
      headers: { 'idempotency-key': key },
      idempotent: true,
    });
  }

  getPushJob(jobId: string): Promise<PushJob> {
    return this.transport.request({ method: 'GET', path: `/v1/push-candidates/${segment(jobId)}`, idempotent: true });
  }

  /** Polls the job with backoff until it is completed or failed. */
  waitForPushJob(jobId: string, options?: WaitOptions): Promise<PushJob> {
    return waitForPushJob(this, jobId, options);
  }

  /** The job's candidate file, one typed line at a time, streamed (bounded memory). */
  downloadCandidates(job: string | PushJob) {
    return downloadCandidates(this, job);
  }

  /** Every page of a feed, following `meta.next_cursor`. */
  feedPages(query: Omit<FeedQuery, 'cursor'>) {
    return feedPages(this, query);
  }

  /** Every item of a feed, page after page. */
  feedItems(query: Omit<FeedQuery, 'cursor'>) {
    return feedItems(this, query);
  }

  /** Every user of the tenant, page after page. */
  users(query: Omit<UserListQuery, 'cursor'> = {}) {
    return users(this, query);
  }

  /** A buffer that batches tracked events (see EventBuffer). */
  eventBuffer(options?: EventBufferOptions): EventBuffer {
    return new EventBuffer(this, options);
  }
}

const userPath = (userId: string) => `/v1/users/${segment(userId)}`;
const sourcePath = (userId: string, sourceId: string, relation: 'follow' | 'block') =>
  `${userPath(userId)}/sources/${segment(sourceId)}/${relation}`;
