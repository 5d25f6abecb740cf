// HEAP_GROWING_PERCENT, read by the config and applied as the server applies it at start, is what V8 grows the
// heap by: a process holding a steady set of objects while it promotes short-lived ones (what a night of live
// matches does to the server) keeps its heap near what it holds, where V8's own rule (0) lets it grow to several
// times that. Each run is a fresh Node process, since a V8 flag holds for the whole process.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const config = fileURLToPath(new URL('./config.ts', import.meta.url));
const heapGrowth = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));

const script = `
const { loadConfig } = await import(${JSON.stringify(config)});
const { applyHeapGrowing } = await import(${JSON.stringify(heapGrowth)});
applyHeapGrowing(loadConfig({ NODE_ENV: 'test', ...process.env }).heapGrowingPercent);
const live = Array.from({ length: 300_000 }, (_, i) => ({ id: i, name: 'p' + i, list: new Array(16).fill(i) }));
const recent = new Array(100_000);
let most = 0;
for (let i = 0; i < 4_000_000; i++) {
  recent[i % recent.length] = { id: i, text: 'x' + i, list: [i, i, i, i] };
  if (i % 5000 === 0) most = Math.max(most, process.memoryUsage().heapTotal);
}
console.log(JSON.stringify({ most, held: live.length }));
`;

/** The largest heap (MB) a fresh process reached on the workload, with HEAP_GROWING_PERCENT as given. */
function largestHeap(percent: string | undefined): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.HEAP_GROWING_PERCENT;
  if (percent !== undefined) env.HEAP_GROWING_PERCENT = percent;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the workload exited with ${String(code)}`));
      else resolve((JSON.parse(out) as { most: number }).most / 2 ** 20);
    });
  });
}

describe('HEAP_GROWING_PERCENT', () => {
  it('keeps the heap near what it holds by default, where V8 alone grows it to several times that', async () => {
    const byDefault = await largestHeap(undefined);
    const v8Rule = await largestHeap('0');
    expect(byDefault).toBeLessThan(v8Rule * 0.7);
  }, 60_000);

  it('is 50 unless set, and refuses what is not a whole number', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).heapGrowingPercent).toBe(50);
    expect(loadConfig({ NODE_ENV: 'test', HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', HEAP_GROWING_PERCENT: 'half' })).toThrow(/half/);
  });
});
