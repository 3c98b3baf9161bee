import type { RouteOptions } from 'fastify';

type RouteSchema = Record<string, unknown>;

/**
 * What each operation of the document says beyond its route schema: an
 * operationId (a route's own, else one derived from its method and path), who
 * may call it (`security: []` on public routes, the session cookie on console
 * routes), the body it documents when it validates in the handler
 * (`config.openapiBody`), and, on admin routes, which a console member may call.
 */
export function describeOperation(schema: RouteSchema | undefined, route: RouteOptions): RouteSchema | undefined {
  if (!schema || schema.hide) return schema;
  const config = route.config;
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const described: RouteSchema = { ...schema, operationId: schema.operationId ?? derivedOperationId(method, route.url) };
  if (config?.auth === 'public') described.security = [];
  if (config?.auth === 'console') described.security = [{ consoleSession: [] }];
  if (config?.openapiBody) described.body = config.openapiBody;
  if (config?.consoleAccess) described['x-console-access'] = config.consoleAccess;
  return described;
}

/** `GET /admin/v1/tenants/:tenant_id/webhook` → `getAdminTenantsByTenantIdWebhook`: unique as method and path are. */
export function derivedOperationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'v1')
    .map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return method.toLowerCase() + words.join('');
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}
