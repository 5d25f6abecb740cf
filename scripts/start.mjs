// `npm start`: build the web app when missing or stale, then run the server (which migrates and
// seeds on first start). The server runs in this process through tsx, so signals reach it directly.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './ensure-web-build.mjs';

await ensureWebBuild();
register();
await import('../server/src/server.ts');
