import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../http/schemas.js';
import '../http/route-config.js';
import { finishDocument } from './openapi-document.js';
import { describeOperation } from './openapi-operation.js';

/**
 * OpenAPI 3.1 generated from the route schemas (the schemas are the contract),
 * served at /v1/openapi.json, with a readable reference at /docs.
 * Must be registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string | null): Promise<void> {
  app.addSchema(Problem);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'content-feed API',
        version: '1.0.0',
        description:
          'Personalised content feeds, behavioural events and push-notification candidates. ' +
          'Every /v1 request carries `Authorization: Bearer <API key>` and must come from the tenant backend. ' +
          'Errors are RFC 9457 problem details.',
      },
      servers: [{ url: publicBaseUrl ?? '/' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'Tenant API key (cfk_…).' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'Operator token (admin API only).' },
          consoleSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'cf_session',
            description: 'The console session cookie (`__Host-cf_session` over https), set by POST /console/api/login.',
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) ?? `def-${i}` },
    // Per operation: operationId, security, documented body, and which admin operations a
    // tenant member's console session may call (docs/console.md: the console's contract,
    // and the list the member security tests run over).
    transform: ({ schema, url, route }) => ({
      schema: describeOperation(schema as Record<string, unknown> | undefined, route) as typeof schema,
      url,
    }),
    // The whole document: optional defaults, problem media type and examples, response headers.
    transformObject: (document) =>
      'openapiObject' in document ? finishDocument(document.openapiObject as Record<string, unknown>) : document.swaggerObject,
  });
  // The page's own title, not "Swagger UI": it is the service's reference (issue 19).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: { title: 'content-feed API reference' },
  });
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());
}
