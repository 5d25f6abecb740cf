import type { FastifyRequest, FastifySchema, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** One admin catalogue or competition kind: its path, schemas, summaries and service calls. */
export interface AdminCollection<
  Params extends z.ZodType<{ id: number }, unknown>,
  Many extends z.ZodType,
  One extends z.ZodType,
  Create extends z.ZodType,
  Edit extends z.ZodType,
> {
  /** The collection's path (`/api/v1/admin/games`); one item is `${path}/:id`. */
  path: string;
  params: Params;
  answers: { list: Many; one: One };
  list: { summary: string; run: (db: Db) => Promise<z.output<Many>> };
  get?: { summary: string; run: (db: Db, id: number) => Promise<z.output<One>> };
  create: { summary: string; body: Create; run: (db: Db, body: z.output<Create>) => Promise<z.output<One>> };
  edit: {
    summary: string;
    body: Edit;
    run: (db: Db, id: number, body: z.output<Edit>) => Promise<z.output<One>>;
  };
}

const tags = ['Admin'];
/** Widens a route schema so its answer type is not derived from the type parameters (see below). */
const schema = (s: FastifySchema): FastifySchema => s;

/**
 * Declares a collection's list, get (when it has one), create (201) and edit (PATCH) routes, in that order,
 * on the admin plugin `app` (whose hook has already refused non-admins).
 */
export function adminCollectionRoutes<
  Params extends z.ZodType<{ id: number }, unknown>,
  Many extends z.ZodType,
  One extends z.ZodType,
  Create extends z.ZodType,
  Edit extends z.ZodType,
>(app: ZodApp, c: AdminCollection<Params, Many, One, Create, Edit>): void {
  const { path, params, answers } = c;
  // The type provider cannot resolve schemas that are type parameters, so the routes are declared untyped;
  // the zod compilers still validate and serialize through these schemas, and `c` is typed against them.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  routes.get(
    path,
    { schema: schema({ tags, summary: c.list.summary, response: { 200: answers.list } }) },
    async () => c.list.run(app.db),
  );
  const get = c.get;
  if (get) {
    routes.get(
      `${path}/:id`,
      { schema: schema({ tags, summary: get.summary, params, response: { 200: answers.one } }) },
      async (request) => get.run(app.db, idOf(request)),
    );
  }
  routes.post(
    path,
    {
      schema: schema({
        tags,
        summary: c.create.summary,
        body: c.create.body,
        response: { 201: answers.one },
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await c.create.run(app.db, request.body as z.output<Create>)),
  );
  routes.patch(
    `${path}/:id`,
    {
      schema: schema({
        tags,
        summary: c.edit.summary,
        params,
        body: c.edit.body,
        response: { 200: answers.one },
      }),
    },
    async (request) => c.edit.run(app.db, idOf(request), request.body as z.output<Edit>),
  );
}
