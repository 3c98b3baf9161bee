import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../app-deps.js';
import { errors } from '../http/problem.js';
import { Nullable, withProblems } from '../http/schemas.js';
import type { Area } from './area.js';
import { AreaFileError, parseAreaFile } from './area-file.js';

const Level = Type.Union([Type.Literal('country'), Type.Literal('prefecture'), Type.Literal('city'), Type.Literal('station')]);
const AreaView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  level: Level,
  parent_id: Nullable(Type.String()),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  aliases: Type.Array(Type.String()),
  ancestors: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), level: Level }), {
    description: 'Nearest first, ending with the country.',
  }),
});

/** An import of a whole station list is a few MB; the API's usual 1 MiB is for tenants' calls. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
const tags = ['admin: areas'];
const security = [{ adminToken: [] }];

export type AdminAreaRoutesDeps = Pick<AppDeps, 'areas' | 'clock' | 'db'>;

export const adminAreaRoutes: FastifyPluginAsyncTypebox<AdminAreaRoutesDeps> = async (app, { db, clock, areas }) => {
  const view = (area: Area) => ({
    id: area.id,
    name: area.name,
    level: area.level,
    parent_id: area.parentId,
    lat: area.lat,
    lng: area.lng,
    aliases: area.aliases,
    ancestors: areas.ancestors(area.id).map((a) => ({ id: a.id, name: a.name, level: a.level })),
  });

  app.get(
    '/admin/v1/areas',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Find areas by name (the 駅 suffix is optional, as in feed requests)',
        querystring: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 100 }), level: Type.Optional(Level) },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: Type.Object({ areas: Type.Array(AreaView) }) }, [400, 401]),
      },
    },
    async (request) => {
      const found = areas.lookup(request.query.name).filter((a) => !request.query.level || a.level === request.query.level);
      return { areas: found.map(view) };
    },
  );

  app.get(
    '/admin/v1/areas/:area_id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Get one area',
        params: Type.Object({ area_id: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: withProblems({ 200: AreaView }, [401, 404]),
      },
    },
    async (request) => {
      const area = areas.get(request.params.area_id);
      if (!area) throw errors.notFound(`No area ${request.params.area_id}.`);
      return view(area);
    },
  );

  app.put(
    '/admin/v1/areas',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Import areas: extend the built-in gazetteer or replace it (docs/areas.md)',
        description: 'The whole list is validated first; a bad entry changes nothing. Each import replaces the previous one.',
        body: Type.Object(
          {
            mode: Type.Union([Type.Literal('extend'), Type.Literal('replace')]),
            areas: Type.Array(
              Type.Object(
                {
                  id: Type.String({ minLength: 1, maxLength: 128 }),
                  name: Type.String({ minLength: 1, maxLength: 100 }),
                  level: Level,
                  parent_id: Nullable(Type.String({ minLength: 1, maxLength: 128 })),
                  lat: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
                  lng: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
                  aliases: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 })),
                },
                { additionalProperties: false },
              ),
              { maxItems: 500_000 },
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({
              mode: Type.String(),
              imported: Type.Integer(),
              areas: Type.Integer({ description: 'Areas in the gazetteer now.' }),
            }),
          },
          [400, 401, 413],
        ),
      },
    },
    async (request) => {
      let parsed: Area[];
      try {
        parsed = parseAreaFile(JSON.stringify(request.body.areas), 'json');
      } catch (err) {
        if (!(err instanceof AreaFileError)) throw err;
        throw badAreas(err);
      }
      try {
        const result = await areas.import(db, parsed, request.body.mode, clock.now());
        return { mode: request.body.mode, ...result };
      } catch (err) {
        if (err instanceof AreaFileError) throw badAreas(err);
        throw err;
      }
    },
  );
};

function badAreas(err: AreaFileError) {
  const shown = err.problems.slice(0, 100);
  return errors.badRequest(
    `The area list has ${err.problems.length} problem(s); nothing was imported.`,
    shown.map((p) => ({
      location: 'body' as const,
      name: p.at === 'areas' ? 'areas' : `areas[${p.at.replace(/^index /, '')}]`,
      message: p.message,
    })),
  );
}
