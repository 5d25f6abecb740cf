// Prints the dependency graph of the server's modules (server/src/modules/<name>/) and fails when two
// modules depend on each other (directly or through a longer loop) or when files import each other in
// a circle. Production code only: tests and test helpers (`*.test.ts`, `testing.ts`) may use any
// module's front door, so they are left out of the module graph (their file cycles still count).
//
//   node scripts/module-graph.mjs          the graph, one module per line, then the verdict
//   node scripts/module-graph.mjs --dot    the module graph in Graphviz dot
//
// Built on madge (dependency-tree + the TypeScript detective; type-only imports count too).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'server/src/modules');

const isTest = (file) => /(^|\/)(testing|[^/]*\.test)\.ts$/.test(file);
const moduleOf = (file) => (file.startsWith('..') ? null : file.split('/')[0]);

const result = await madge(modulesDir, {
  fileExtensions: ['ts'],
  tsConfig: path.join(root, 'server/tsconfig.json'),
});

/** module -> module -> the file imports that make the edge */
const edges = new Map();
const modules = new Set();
for (const [file, deps] of Object.entries(result.obj())) {
  const from = moduleOf(file);
  if (!from) continue;
  modules.add(from);
  if (isTest(file)) continue;
  for (const dep of deps) {
    const to = moduleOf(dep);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    targets.set(to, [...(targets.get(to) ?? []), `${file} -> ${dep}`]);
  }
}
const out = (from) => [...(edges.get(from)?.keys() ?? [])].sort();

// Strongly connected components (Tarjan): any component of two or more modules is a loop.
function loops() {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of out(v)) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) {
        info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
      }
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const m of [...modules].sort()) if (!info.has(m)) visit(m);
  return found;
}

if (process.argv.includes('--dot')) {
  console.log('digraph modules {');
  for (const from of [...modules].sort()) for (const to of out(from)) console.log(`  "${from}" -> "${to}";`);
  console.log('}');
  process.exit(0);
}

console.log('Server modules and the modules each one imports (production code):');
const width = Math.max(...[...modules].map((m) => m.length));
for (const m of [...modules].sort()) console.log(`  ${m.padEnd(width)}  -> ${out(m).join(', ') || '(none)'}`);

const problems = [];
for (const component of loops()) {
  problems.push(`modules depend on each other: ${component.join(' <-> ')}`);
  for (const from of component) {
    for (const to of out(from).filter((t) => component.includes(t))) {
      for (const why of edges.get(from).get(to)) problems.push(`    ${why}`);
    }
  }
}
for (const cycle of result.circular()) problems.push(`files import each other: ${cycle.join(' -> ')}`);

if (problems.length > 0) {
  console.error(`\n✖ ${problems.filter((p) => !p.startsWith(' ')).length} dependency loop(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`\n✔ ${modules.size} modules, no two-way module dependencies and no circular file imports.`);
