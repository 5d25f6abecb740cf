import { PGlite } from '@electric-sql/pglite';
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from './db/client.ts';
const tpl = '/tmp/versus-pglite-template-4cf85251d9405e80/pglite';
let t = Date.now();
const lap = (l: string) => { const n = Date.now(); console.log(l, n - t); t = n; };
if (!existsSync('/tmp/tpl.tar')) {
  const src = new PGlite(tpl); await src.waitReady;
  const blob = await src.dumpDataDir('none');
  writeFileSync('/tmp/tpl.tar', Buffer.from(await blob.arrayBuffer()));
  await src.close();
  lap('dump');
}
const m = await openDatabase({ databaseUrl: null, dataDir: 'memory' }); await m.migrate(); lap('memory+migrate');
const b = new PGlite({ loadDataDir: new Blob([readFileSync('/tmp/tpl.tar')]) }); await b.waitReady; lap('loadDataDir');
const r = await b.query('select count(*) from drizzle.__drizzle_migrations'); lap('q ' + JSON.stringify(r.rows));
