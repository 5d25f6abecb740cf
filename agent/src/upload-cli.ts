// versus-upload: uploads one completed CoD4x demo or server screenshot to Versus (see uploader.ts).
//   versus-upload [options] <file>
//   --config <file>                 JSON {url, token, log} (what install-hooks writes)
//   --url / VERSUS_URL              the platform's base URL
//   --token / VERSUS_AGENT_TOKEN    the server's agent token
//   --log / VERSUS_AGENT_LOG        games_mp.log, where a demo's map is read
//   --kind demo|screenshot          default from the name (.jpg: screenshot)
//   --map <mapname>  --match <id>  --chunk-bytes <n>
//   versus-upload install-hooks <fs_homepath> --url <url> --token <token> [--log <games_mp.log>]
// Exit 0 when the file is stored (or was already), 1 when the platform refused it, 2 on bad usage.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { installHooks } from './hooks.ts';
import { uploadFile } from './uploader.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    config: { type: 'string' },
    url: { type: 'string' },
    token: { type: 'string' },
    log: { type: 'string' },
    kind: { type: 'string' },
    map: { type: 'string' },
    match: { type: 'string' },
    'chunk-bytes': { type: 'string' },
  },
});

const note = (level: string, message: string, data?: Record<string, unknown>) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), level, message, ...data }));

const fromFile = (() => {
  if (!values.config) return {};
  try {
    return JSON.parse(fs.readFileSync(values.config, 'utf8')) as {
      url?: string;
      token?: string;
      log?: string;
    };
  } catch (error) {
    note('error', `versus-upload: cannot read ${values.config}: ${(error as Error).message}`);
    process.exit(2);
  }
})();
const env = process.env;
const url = values.url ?? fromFile.url ?? env.VERSUS_URL;
const token = values.token ?? fromFile.token ?? env.VERSUS_AGENT_TOKEN;
const logPath = values.log ?? fromFile.log ?? env.VERSUS_AGENT_LOG;

if (!url || !token) {
  note(
    'error',
    'versus-upload: --url and --token (or --config, or VERSUS_URL and VERSUS_AGENT_TOKEN) are required.',
  );
  process.exit(2);
}

if (positionals[0] === 'install-hooks') {
  const home = positionals[1];
  if (!home) {
    note('error', 'versus-upload install-hooks <fs_homepath>');
    process.exit(2);
  }
  // The hooks call this very file: the package's bin, or the bundled dist/versus-upload.mjs on a game host.
  const self = process.argv[1] ? fs.realpathSync(process.argv[1]) : undefined;
  const apps = installHooks(home, {
    url,
    token,
    ...(logPath ? { log: logPath } : {}),
    ...(self ? { uploader: self } : {}),
  });
  note('info', 'hooks installed', { apps });
  process.exit(0);
}

const file = positionals[0];
const kind = values.kind;
if (!file || (kind !== undefined && kind !== 'demo' && kind !== 'screenshot')) {
  note('error', 'versus-upload [--kind demo|screenshot] <file>');
  process.exit(2);
}

try {
  const result = await uploadFile({
    file,
    url,
    token,
    ...(kind ? { kind } : {}),
    ...(values.map ? { map: values.map } : {}),
    ...(logPath ? { logPath } : {}),
    ...(values.match ? { matchId: Number(values.match) } : {}),
    ...(values['chunk-bytes'] ? { chunkBytes: Number(values['chunk-bytes']) } : {}),
    log: note,
  });
  note('info', 'versus-upload done', { file, ...result });
} catch (error) {
  note('error', (error as Error).message, { file });
  process.exit(1);
}
