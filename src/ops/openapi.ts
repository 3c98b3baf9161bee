import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../http/schemas.js';
import '../http/route-config.js';

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
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) ?? `def-${i}` },
    // Which admin operations a tenant member's console session may call (docs/console.md):
    // the console's contract, and the list the member security tests run over.
    transform: ({ schema, url, route }) => ({
      schema: route.config?.consoleAccess ? { ...schema, 'x-console-access': route.config.consoleAccess } : schema,
      url,
    }),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());
}
