import type { FastifyReply } from 'fastify';

/**
 * Sends a body that is already JSON, with the content type Fastify gives JSON.
 * A string with a content type is sent as it is: no serializer and no
 * preSerialization hook runs, while the onSend hooks (credits, X-Request-Id)
 * run as for any reply. For a route that writes its JSON from pieces made once
 * (feed-page-json.ts); its schema still documents the body, and its tests
 * compare the bytes with what the schema's serializer gives.
 */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
