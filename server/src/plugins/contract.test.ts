// The API contract at run time: the OpenAPI document, the reference page, answers through their schemas,
// bad path ids. The document is also checked as a contract: every operation under /api/, read from the
// document the server publishes (never from a hand list), has a 2xx answer schema, a schema for each path
// parameter, a body schema when it is a write that reads a body, and `page` when it answers a page of a list.
import { STATUS } from '@versus/common/match/statuses';
import { vetoMatchAnswer } from '@versus/common/api/matches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, expectAnswer, ladderMatch, type TestApp } from '../test/index.ts';

type JsonSchema = Record<string, unknown>;

const schemaOf = z.record(z.string(), z.unknown());
const contentOf = z.record(z.string(), z.object({ schema: schemaOf.optional() }));
const operationSchema = z.object({
  parameters: z
    .array(
      z.object({
        in: z.string(),
        name: z.string(),
        description: z.string().optional(),
        schema: schemaOf.optional(),
      }),
    )
    .optional(),
  requestBody: z.object({ content: contentOf.optional() }).optional(),
  responses: z.record(z.string(), z.object({ content: contentOf.optional() })).optional(),
});
type Operation = z.infer<typeof operationSchema>;

/** The parts of the OpenAPI document this test reads. */
const documentSchema = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), schemaOf).optional() }).optional(),
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const WRITES = new Set(['post', 'put', 'patch']);

/**
 * Commands that read nothing from their body: the path says what they act on. A new write without a body
 * schema fails this test until it is named here (or given its body schema).
 */
const TAKES_NO_BODY = new Set([
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/logout-everywhere',
  'POST /api/v1/match/{matchId}/map/{mapId}',
  'POST /api/v1/match/{id}/server/restore',
  'POST /api/v1/match-detail/status/{id}/accept',
  'POST /api/v1/match-detail/status/{id}/cancel',
  'POST /api/v1/match-detail/status/{id}/ready/{ready}',
  'POST /api/v1/notification/mark-as-seen-all-notifications',
  'POST /api/v1/teams/{slug}/leave',
  'POST /api/v1/teams/{slug}/webhooks/{id}/resume',
  'POST /api/v1/teams/{slug}/kick/{userId}',
  'POST /api/v1/team-invitations/{id}/accept',
  'POST /api/v1/team-invitations/{id}/decline',
  'POST /api/v1/team-invitations/{id}/withdraw',
  'POST /api/v1/admin/matches/{id}/cancel',
  'POST /api/v1/dev/scenarios/{name}',
  'POST /api/v1/match-detail/sub/{matchId}/{userId}',
  'POST /api/v1/solo-queues/{id}/join',
  'POST /api/v1/solo-queues/{id}/leave',
  'POST /api/v1/solo-queues/pops/{popId}/accept',
  'POST /api/v1/solo-queues/pops/{popId}/decline',
  'POST /api/v1/pug/{matchId}/select/{userId}',
  'POST /api/v1/match-detail/location/{id}/{locationId}/select',
  'POST /api/v1/anticheat/token',
  'POST /api/v1/admin/game-servers/{id}/agent-token',
  'POST /api/v1/admin/webhooks/deliveries/{id}/resend',
  'POST /api/v1/users/me/calendar/reset',
]);

/** The JSON-schema text of `schema` with every `$ref` to a component resolved (once each). */
function expand(schema: unknown, components: Record<string, JsonSchema>, seen = new Set<string>()): string {
  let text = JSON.stringify(schema) ?? '';
  for (const [, name = ''] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
    if (seen.has(name)) continue;
    seen.add(name);
    text += expand(components[name], components, seen);
  }
  return text;
}

/** What an operation lacks of the contract (empty when it has everything). */
function gaps(method: string, path: string, op: Operation, components: Record<string, JsonSchema>): string[] {
  const missing: string[] = [];
  const answers = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
  const hasAnswerSchema = answers.some(
    ([code, answer]) =>
      code === '204' || Object.values(answer.content ?? {}).some((c) => c.schema !== undefined),
  );
  if (!hasAnswerSchema) missing.push('a 2xx answer schema');

  // Fastify's document invents a bare `{type: string}` for a path parameter without a schema: a declared
  // one says more (a pattern, a length, a description).
  for (const [, name = ''] of path.matchAll(/\{(\w+)\}/g)) {
    const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
    const declared =
      param?.description !== undefined || Object.keys(param?.schema ?? {}).some((key) => key !== 'type');
    if (!declared) missing.push(`a schema for the path parameter ${name}`);
  }

  const key = `${method.toUpperCase()} ${path}`;
  const body = Object.values(op.requestBody?.content ?? {}).some((c) => c.schema !== undefined);
  if (WRITES.has(method) && !body && !TAKES_NO_BODY.has(key)) missing.push('a body schema');

  const paged = answers.some(([, answer]) => expand(answer, components).includes('"current_page"'));
  if (paged && !op.parameters?.some((p) => p.in === 'query' && p.name === 'page')) {
    missing.push('the page query');
  }
  return missing;
}

/**
 * Every (method, path) of Fastify's route tree (`printRoutes({ commonPrefix: false })`), with `:id`
 * written `{id}` as the document does. Each line is a node: its depth by indentation, its path part, and
 * its methods in parentheses when a route ends there.
 */
function routesOf(tree: string): { method: string; path: string }[] {
  const parts: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    parts.length = depth;
    parts.push(node[2] ?? '');
    const path = parts.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (node[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, path });
  }
  return routes;
}

describe('the API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('publishes an OpenAPI 3.1 document with the match room answers', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = documentSchema.parse(res.body);
    expect(doc.openapi).toBe('3.1.0');
    const veto = operationSchema.parse(doc.paths['/api/v1/match/{id}']?.get);
    expect(veto?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
    expect(veto?.responses?.['200']?.content?.['application/json']?.schema).toBeDefined();
    expect(doc.paths['/api/v1/match/{matchId}/map/{mapId}']?.post).toBeDefined();
  });

  it('serves the browsable reference', async () => {
    const res = await t.client().get('/api/docs/');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('swagger');
  });

  it('answers with the declared schema and maps bad path ids to 404', async () => {
    const client = t.client();
    const id = await ladderMatch(t.app, {
      challenger: await t.signIn('player1'),
      opponentSlug: 'northern-wolves',
      accepter: await t.signIn('player6'),
    });
    const { data } = expectAnswer(await client.get(`/api/v1/match/${String(id)}`), vetoMatchAnswer);
    expect(data).toMatchObject({ id, statusId: STATUS.mapVeto });
    for (const bad of ['0', 'abc', '99999999999', '2147483648']) {
      const res = await client.get(`/api/v1/match/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.body).toEqual({ message: 'Match not found.' });
    }
    const ready = await (await t.signIn('player1')).post(`/api/v1/match-detail/status/${String(id)}/ready/2`);
    expect(ready.status).toBe(404);
  });

  const componentSchemas = async () =>
    documentSchema.parse((await t.client().get('/api/openapi.json')).body).components?.schemas ?? {};

  const operations = async () =>
    Object.entries(documentSchema.parse((await t.client().get('/api/openapi.json')).body).paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, item]) =>
        METHODS.flatMap((method) => {
          const found = item[method];
          if (found === undefined) return [];
          return [{ key: `${method.toUpperCase()} ${path}`, method, path, op: operationSchema.parse(found) }];
        }),
      );

  it('documents every API operation with its answer, path, body and query schemas', async () => {
    const components = await componentSchemas();
    const all = await operations();
    expect(all.length).toBeGreaterThan(70);
    const failures = all.flatMap(({ key, method, path, op }) =>
      gaps(method, path, op, components).map((gap) => `${key} lacks ${gap}`),
    );
    expect(failures).toEqual([]);
  });

  it('documents every route Fastify serves under /api/ (read from the router, not from the document)', async () => {
    // Parameters compare by place, not name: where two routes name the parameter at one place differently
    // (`/ladders/:slug` and `/ladders/:ladderId/join`), the router prints both names on one node (`:slug|:ladderId`).
    const unnamed = (key: string) => key.replace(/\{\w+\}(?:\|\{\w+\})*/g, '{}');
    const documented = new Set((await operations()).map((o) => unnamed(o.key)));
    const served = routesOf(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/docs'))
      .filter((r) => r.path !== '/api/openapi.json' && METHODS.some((m) => m.toUpperCase() === r.method));
    expect(served.length).toBeGreaterThan(70);
    expect(served.map((r) => `${r.method} ${r.path}`).filter((key) => !documented.has(unnamed(key)))).toEqual(
      [],
    );
  });

  it('names the body-less commands that exist', async () => {
    const keys = new Set((await operations()).map((o) => o.key));
    expect([...TAKES_NO_BODY].filter((key) => !keys.has(key))).toEqual([]);
  });
});
