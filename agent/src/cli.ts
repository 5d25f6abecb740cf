// versus-agent: ships a CoD4x server's games_mp.log to Versus. Settings come from flags or the environment:
//   --log / VERSUS_AGENT_LOG          path of games_mp.log (required)
//   --url / VERSUS_URL                the platform's base URL (required)
//   --token / VERSUS_AGENT_TOKEN      the server's agent token (required; prefer the environment)
//   --state / VERSUS_AGENT_STATE      position file (default <log>.versus-agent.json)
//   --poll-ms / VERSUS_AGENT_POLL_MS  how often to look for new lines (250)
// It runs until SIGINT/SIGTERM and logs one JSON line per event on stderr.
import { parseArgs } from 'node:util';
import { LogAgent } from './log-agent.ts';

const { values } = parseArgs({
  options: {
    log: { type: 'string' },
    url: { type: 'string' },
    token: { type: 'string' },
    state: { type: 'string' },
    'poll-ms': { type: 'string' },
  },
});

const env = process.env;
const logPath = values.log ?? env.VERSUS_AGENT_LOG;
const url = values.url ?? env.VERSUS_URL;
const token = values.token ?? env.VERSUS_AGENT_TOKEN;
if (!logPath || !url || !token) {
  console.error(
    'versus-agent: --log, --url and --token (or VERSUS_AGENT_LOG, VERSUS_URL, VERSUS_AGENT_TOKEN) are required.',
  );
  process.exit(2);
}

const agent = new LogAgent({
  logPath,
  url,
  token,
  statePath: values.state ?? env.VERSUS_AGENT_STATE,
  pollMs: Number(values['poll-ms'] ?? env.VERSUS_AGENT_POLL_MS ?? 250),
  log: (level, message, data) =>
    console.error(JSON.stringify({ time: new Date().toISOString(), level, message, ...data })),
});
agent.start();
console.error(
  JSON.stringify({ time: new Date().toISOString(), level: 'info', message: 'versus-agent started', logPath }),
);

const shutdown = () => {
  void agent.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
