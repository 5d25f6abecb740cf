// Every start of the server passes `npm start`'s node flags (scripts/node-flags.mjs): the production start and the
// systemd unit repeat them, and whatever they are, they parse.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagsOf, nodeFlags } from './node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe("npm start's node flags", () => {
  it('are read from the start command', () => {
    expect(flagsOf('node --max-semi-space-size=4 scripts/start.mjs')).toEqual(['--max-semi-space-size=4']);
    expect(flagsOf('NODE_ENV=production node --a=1 --b server/dist/server.js --c')).toEqual(['--a=1', '--b']);
    expect(nodeFlags()).toContain('--max-semi-space-size=4');
  });

  it('are passed by the production start and the systemd unit', () => {
    const unit = fs.readFileSync(path.join(root, 'deploy/systemd/versus@.service'), 'utf8');
    const execStart = /^ExecStart=\/usr\/bin\/(node .*)$/m.exec(unit)?.[1] ?? '';
    for (const command of [manifest.scripts['start:prod'] ?? '', execStart]) {
      const flags = flagsOf(command);
      for (const flag of nodeFlags()) expect(flags, command).toContain(flag);
    }
  });
});
