// `npm run emulator -w server -- [options]`: runs one emulated CoD4x server as its own process.
//   --port 28960              UDP game port (0: a free one)
//   --host 127.0.0.1          address to bind (keep it on loopback unless you mean it)
//   --rcon-password <text>    required (CoD4x refuses rcon when it is under 8 characters)
//   --log ./games_mp.log      where the game log is written
//   --ms-per-game-second 1000 time scale (50: a 20-round map in about a minute)
//   --rounds-to-win <n>       override promod_mode's rounds to win
//   --control-port 0          HTTP control interface (see emulator-control.ts); prints its URL
//   --query-limit 2/2000      getstatus/getinfo answers per address per period (ms); 0 = unlimited
// On start it prints one JSON line {port, controlUrl, logPath}; SIGINT/SIGTERM stop it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Cod4xEmulator } from './cod4x-emulator.ts';
import { startControl } from './emulator-control.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '28960' },
    host: { type: 'string', default: '127.0.0.1' },
    'rcon-password': { type: 'string', default: '' },
    log: { type: 'string', default: 'games_mp.log' },
    'ms-per-game-second': { type: 'string', default: '1000' },
    'rounds-to-win': { type: 'string' },
    'control-port': { type: 'string', default: '0' },
    'query-limit': { type: 'string', default: '2/2000' },
    hostname: { type: 'string' },
  },
});

const [burst, periodMs] = (values['query-limit'] ?? '0').split('/').map(Number);
const emulator = new Cod4xEmulator({
  host: values.host,
  port: Number(values.port),
  rconPassword: values['rcon-password'] ?? '',
  logPath: path.resolve(values.log ?? 'games_mp.log'),
  msPerGameSecond: Number(values['ms-per-game-second']),
  roundsToWin: values['rounds-to-win'] ? Number(values['rounds-to-win']) : undefined,
  queryLimit: burst && periodMs ? { burst, periodMs } : undefined,
  dvars: values.hostname ? { sv_hostname: values.hostname } : {},
});
const port = await emulator.start();
const control = await startControl(emulator, { port: Number(values['control-port']) });
console.log(JSON.stringify({ port, controlUrl: control.url, logPath: emulator.log.path }));

const shutdown = () => {
  control.server.close();
  void emulator.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
