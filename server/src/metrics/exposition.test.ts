// The real `/metrics` output against its readers: Prometheus's own linter, and the Grafana dashboard in
// deploy/ (every metric it queries must be one the server exposes).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

const TOKEN = 'exposition-test-token';
const DASHBOARD = path.resolve(import.meta.dirname, '../../../deploy/grafana-dashboard.json');
const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
const hasPromtool = promtool.status === 0;
const SUFFIXES = ['_bucket', '_sum', '_count'];

describe('the /metrics exposition', () => {
  let t: TestApp;
  let text: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
    await t.client().get('/api/v1/health');
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    text = res.body;
  });
  afterAll(async () => {
    await t.close();
  });

  it.skipIf(!hasPromtool)(
    'passes `promtool check metrics` (skipped when promtool is missing: apt-get install prometheus)',
    () => {
      const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
      // prom-client's own gauges nodejs_active_{handles,requests,resources}_total carry a `_total` suffix
      // that promtool's lint refuses (exit 3); their names are prom-client's, not ours. Anything else fails.
      const findings = `${run.stdout}${run.stderr}`
        .split('\n')
        .filter((line) => line.trim() !== '')
        .filter((line) => !/^nodejs_active_[a-z]+_total non-counter metrics should not/.test(line));
      expect(findings).toEqual([]);
      expect([0, 3]).toContain(run.status);
    },
  );

  it('has every metric the Grafana dashboard queries', () => {
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
      templating: { list: { query?: unknown }[] };
    };
    const families = new Set(
      [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]).filter((name) => name !== undefined),
    );
    const exposed = (name: string) =>
      families.has(name) ||
      SUFFIXES.some((suffix) => name.endsWith(suffix) && families.has(name.slice(0, -suffix.length)));
    const queries = [
      ...dashboard.panels.flatMap((p) => p.targets.map((target) => target.expr)),
      ...dashboard.templating.list.map((v) => v.query).filter((q): q is string => typeof q === 'string'),
    ];
    const names = new Set(queries.flatMap((q) => q.match(/\b(?:versus|process|nodejs)_[a-z0-9_]+\b/g) ?? []));
    expect(names.size).toBeGreaterThan(8);
    expect([...names].filter((name) => !exposed(name))).toEqual([]);
  });
});
