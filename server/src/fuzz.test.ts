// Malformed input against every route of the app, signed in as an admin (who may reach the most): the route
// list comes from the app's own OpenAPI document, never a hand list. Every answer must be below 500, and a
// refused request (4xx) must leave the database exactly as it was (no partial write). Runs on PGlite and,
// with DATABASE_URL, on PostgreSQL.
import { anticheatTokenAnswer } from '@versus/common/api/anticheat';
import { messageAnswer } from '@versus/common/api/primitives';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, expectAnswer, type TestApp, type TestClient } from './test/index.ts';

const propertySchema = z.object({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  enum: z.array(z.unknown()).optional(),
});
type PropertySchema = z.infer<typeof propertySchema>;

/** The parts of the OpenAPI document this test reads: each operation's JSON body properties. */
const documentSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        requestBody: z
          .object({
            content: z
              .record(
                z.string(),
                z.object({
                  schema: z
                    .object({ properties: z.record(z.string(), propertySchema).optional() })
                    .optional(),
                }),
              )
              .optional(),
          })
          .optional(),
      }),
    ),
  ),
});

interface Operation {
  method: string;
  path: string;
  params: string[];
  /** A body of plausible values (by the schema's types), each field of which is spoiled in turn. */
  baseline: Record<string, unknown>;
}

function plausible(schema: PropertySchema): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'fuzz';
}

/** Path values that name no row or are not ids/slugs at all (already percent-encoded where needed). */
const BAD_PATH_VALUES = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '1.5',
  'a%00b',
  '%25',
  'x'.repeat(300),
  '%E2%80%AE1',
];

/** Values every body field gets in turn: out-of-range ids, NUL and control characters, wrong types. */
const BAD_FIELD_VALUES: unknown[] = [
  2_147_483_648,
  -1,
  1e308,
  'a\u0000b',
  '\u0000',
  'x\u0007y',
  '\u202Eevil',
  '   ',
  'y'.repeat(5000),
  true,
  [1, 2],
  { nested: 1 },
];

/** The values above holding a control character: never accepted (2xx). */
const CONTROL_VALUES = new Set<unknown>(['a\u0000b', '\u0000', 'x\u0007y']);
/** Routes that drop control characters from their text instead of refusing it. */
const DROPS_CONTROL = new Set(['POST /api/v1/chat']);

/** Routes that read their body by hand (no schema in the document) get the usual field names spoiled. */
const GENERIC_FIELDS = ['id', 'matchId', 'userId', 'teamId', 'locationId', 'message', 'name', 'username'];
const GENERIC_VALUES: unknown[] = [2_147_483_648, -1, 'a\u0000b', [1], { nested: 1 }];

/** Whole bodies that are not the object a route expects. */
const BAD_BODIES: { payload: string; type: string }[] = [
  { payload: '{', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '{"a":"\\u0000"}', type: 'application/json' },
  { payload: 'a=%00&b=%', type: 'application/x-www-form-urlencoded' },
];

// Sign-out would end the session the fuzz runs in; everything else is exercised.
const SKIPPED = new Set(['POST /api/v1/auth/logout']);

/** A value that names a real row for each path parameter, so body fuzzing reaches the handler. */
function goodParam(name: string): string {
  if (/slug/i.test(name)) return 'red-dragons';
  if (/username/i.test(name)) return 'player1';
  if (/uuid|guid/i.test(name)) return '00000000-0000-4000-8000-000000000001';
  if (/file/i.test(name)) return 'nothing.png';
  if (/name/i.test(name)) return 'ladder-veto';
  if (/game/i.test(name)) return 'cod4';
  if (/ready|value/i.test(name)) return '1';
  return '1';
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '1');
}

let t: TestApp;
let admin: TestClient;
const operations: Operation[] = [];
/** The admin's anticheat client token, so the client's own routes are reached past their bearer check. */
let anticheatToken = '';

/** Raw SQL rows; both drivers answer `{ rows }`. */
async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** One fingerprint of every table's rows: any insert, update or delete changes it. */
async function fingerprint(): Promise<string> {
  const tables = (
    await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((r) => r.table_name);
  // Order-free and cheap: each table's row count and the sum of its rows' hashes.
  const parts = tables
    .filter((name) => !/migrations|job_ticks/.test(name))
    .map(
      (name) =>
        sql`select ${name} || ':' || count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) as f from ${sql.identifier(name)} t`,
    );
  const union = sql.join(parts, sql` union all `);
  const [result] = await rows<{ f: string }>(
    sql`select string_agg(f, ',' order by f) as f from (${union}) x`,
  );
  return result?.f ?? '';
}

beforeAll(async () => {
  t = await buildTestApp({ clock: 'real' });
  admin = await t.signIn('admin');
  anticheatToken = expectAnswer(await admin.post('/api/v1/anticheat/token'), anticheatTokenAnswer).data.token;
  const doc = expectAnswer(await t.client().get('/api/openapi.json'), documentSchema);
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      if (SKIPPED.has(`${upper} ${path}`)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper,
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
        baseline: Object.fromEntries(
          Object.entries(schema?.properties ?? {}).map(([k, v]) => [k, plausible(v)]),
        ),
      });
    }
  }
});
afterAll(async () => {
  await t.close();
});

describe('malformed input on every route', () => {
  it('reads the routes from the app', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/teams', 'POST /api/v1/chat', 'GET /api/v1/match/{id}']),
    );
  });

  it('never answers 5xx, and a refused request writes nothing', async () => {
    const failures: string[] = [];
    let before = await fingerprint();
    const send = async (
      method: string,
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const bearer: Record<string, string> = url.startsWith('/api/v1/anticheat/client/')
        ? { authorization: `Bearer ${anticheatToken}` }
        : {};
      const res = await admin.request(method as 'GET', url, payload, { ...bearer, ...headers });
      // The database's refusal of a value is a 422 too (see plugins/errors.ts), but validation should see it first.
      const refusal = messageAnswer.safeParse(res.body);
      const net = refusal.success && refusal.data.message === 'The given data was invalid.';
      if (res.status >= 500 || net)
        failures.push(`${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)} -> ${res.status}`);
      return res.status;
    };

    for (const op of operations) {
      const statuses: number[] = [];
      const good = Object.fromEntries(op.params.map((p) => [p, goodParam(p)]));
      // Each path parameter malformed in turn (the others valid).
      for (const param of op.params) {
        for (const bad of BAD_PATH_VALUES) {
          statuses.push(
            await send(
              op.method,
              fill(op.path, { ...good, [param]: bad }),
              op.method === 'GET' ? undefined : {},
            ),
          );
        }
      }
      const url = fill(op.path, good);
      // Malformed query strings.
      statuses.push(
        await send(op.method, `${url}?page=99999999999&id=%00&game=%`, op.method === 'GET' ? undefined : {}),
      );
      if (op.method !== 'GET') {
        // A malformed XSRF header is a 419, like a missing one.
        // (Program endpoints with a bearer token or a request signature take no XSRF token.)
        const xsrf = await admin.request(op.method as 'POST', url, {}, { 'x-xsrf-token': '%' });
        const exempt = /^\/(apps|api\/v1\/(anticheat\/client|game-server-log|game-server-agent))\//.test(url);
        if (exempt ? xsrf.status >= 500 : xsrf.status !== 419)
          failures.push(`${op.method} ${url} with X-XSRF-TOKEN: % -> ${xsrf.status}`);
        for (const body of BAD_BODIES)
          statuses.push(await send(op.method, url, body.payload, { 'content-type': body.type }));
        if (Object.keys(op.baseline).length === 0) {
          for (const value of GENERIC_VALUES)
            statuses.push(
              await send(op.method, url, Object.fromEntries(GENERIC_FIELDS.map((f) => [f, value]))),
            );
        }
        for (const field of Object.keys(op.baseline)) {
          for (const value of BAD_FIELD_VALUES) {
            const status = await send(op.method, url, { ...op.baseline, [field]: value });
            statuses.push(status);
            // A control character is refused in every text (the chat alone drops them from its message).
            if (CONTROL_VALUES.has(value) && status < 300 && !DROPS_CONTROL.has(`${op.method} ${op.path}`))
              failures.push(
                `${op.method} ${url} accepted ${JSON.stringify(value)} in "${field}" -> ${status}`,
              );
          }
        }
      }
      const after = await fingerprint();
      if (statuses.every((s) => s >= 400) && after !== before)
        failures.push(`${op.method} ${op.path}: a refused request wrote to the database`);
      before = after;
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
