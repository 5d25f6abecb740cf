import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogTailer, type LogChunk } from './log-tailer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function logFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-agent-'));
  dirs.push(dir);
  return path.join(dir, 'games_mp.log');
}

/** Reads every chunk there is now, acknowledging each. */
function drain(tailer: LogTailer): LogChunk[] {
  const chunks: LogChunk[] = [];
  for (let c = tailer.next(); c; c = tailer.next()) {
    chunks.push(c);
    tailer.advance(c, c.endOffset);
  }
  return chunks;
}

describe('log tailer', () => {
  it('returns complete lines with byte offsets and waits for a partial line to end', () => {
    const file = logFile();
    fs.writeFileSync(file, '  0:00 InitGame: \\mapname\\mp_crash\n  0:01 J;a;0;x\n  0:02 K;par');
    const tailer = new LogTailer(file, null);
    const [chunk] = drain(tailer);
    expect(chunk?.lines).toEqual(['  0:00 InitGame: \\mapname\\mp_crash', '  0:01 J;a;0;x']);
    expect(chunk?.startOffset).toBe(0);
    expect(chunk?.endOffset).toBe(fs.readFileSync(file, 'latin1').indexOf('  0:02'));
    fs.appendFileSync(file, 'tial\n');
    const [rest] = drain(tailer);
    expect(rest?.lines).toEqual(['  0:02 K;partial']);
    expect(rest?.startOffset).toBe(chunk?.endOffset);
    expect(rest?.fileKey).toBe(chunk?.fileKey);
  });

  it('keeps bytes as latin1: a name with é is one byte', () => {
    const file = logFile();
    fs.writeFileSync(file, Buffer.from('  0:01 J;a;0;Jos\xe9\n', 'latin1'));
    const [chunk] = drain(new LogTailer(file, null));
    expect(chunk?.lines).toEqual(['  0:01 J;a;0;José']);
    expect(chunk?.endOffset).toBe(fs.statSync(file).size);
  });

  it('reads a rotated file to its end, then the new file from 0 under a new key', () => {
    const file = logFile();
    fs.writeFileSync(file, 'one\n');
    const tailer = new LogTailer(file, null);
    const [first] = drain(tailer);
    fs.appendFileSync(file, 'two\n');
    fs.renameSync(file, `${file}.1`);
    fs.writeFileSync(file, 'three\n');
    const chunks = drain(tailer);
    expect(chunks.map((c) => c.lines)).toEqual([['two'], ['three']]);
    expect(chunks[0]?.fileKey).toBe(first?.fileKey);
    expect(chunks[1]?.fileKey).not.toBe(first?.fileKey);
    expect(chunks[1]?.startOffset).toBe(0);
  });

  it('starts a new generation when the file is truncated in place', () => {
    const file = logFile();
    fs.writeFileSync(file, 'aaaa\nbbbb\n');
    const tailer = new LogTailer(file, null);
    const [first] = drain(tailer);
    fs.truncateSync(file, 0);
    fs.appendFileSync(file, 'cc\n');
    const [next] = drain(tailer);
    expect(next?.lines).toEqual(['cc']);
    expect(next?.startOffset).toBe(0);
    expect(next?.fileKey).not.toBe(first?.fileKey);
  });

  it('resumes from a saved position, also when the file was rotated meanwhile', () => {
    const file = logFile();
    fs.writeFileSync(file, 'one\ntwo\n');
    const first = new LogTailer(file, null, { maxLines: 1, maxBytes: 1024 });
    const chunk = first.next();
    expect(chunk?.lines).toEqual(['one']);
    if (chunk) first.advance(chunk, chunk.endOffset);
    const saved = first.position();
    first.close();
    fs.renameSync(file, `${file}.1`);
    fs.writeFileSync(file, 'three\n');
    const resumed = new LogTailer(file, saved);
    expect(drain(resumed).flatMap((c) => c.lines)).toEqual(['two', 'three']);
  });

  it('gives the same file the same key, so a lost position re-sends under the same key', () => {
    const file = logFile();
    fs.writeFileSync(file, 'one\n');
    const a = new LogTailer(file, null).next();
    const b = new LogTailer(file, null).next();
    expect(a?.fileKey).toBe(b?.fileKey);
  });
});
