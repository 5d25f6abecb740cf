import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  signIn,
  type TestApp,
  type TestClient,
  TestClient as Client,
} from '../../../test/index.ts';

const BAD_IDS = ['abc', '99999999999', '-1', '0', '1.5', '1e3', '%20', '9'.repeat(40), "1'--"];

/**
 * Every GET route with a path parameter, from the router's own listing (`printRoutes` draws a tree:
 * each line is one path segment below its parent, with the methods in brackets).
 */
function parameterizedGetRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    const parent = stack.at(-1) ?? '';
    const full = `${parent}${parent.endsWith('/') || segment.startsWith('/') ? '' : '/'}${segment}`;
    stack.push(full);
    if (methods.split(', ').includes('GET') && full.includes(':')) routes.push(full);
  }
  return routes;
}

describe('bad ids in paths', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer 4xx, never 5xx, on every GET route, signed in or not', async () => {
    const routes = parameterizedGetRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContain('/api/v1/match/:id|:matchId');
    expect(routes).toContain('/api/v1/match-detail/:id');
    expect(routes.length).toBeGreaterThan(15);
    const anonymous = new Client(t.app);
    const failures: string[] = [];
    for (const route of routes) {
      for (const bad of BAD_IDS) {
        // `:a|:b` is one segment two routes share; every parameter gets the bad value.
        const url = route.replace(/:[\w|:]+/g, bad);
        for (const client of [admin, anonymous]) {
          const res = await client.get(url);
          if (res.status < 400 || res.status >= 500) failures.push(`${url} -> ${String(res.status)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
