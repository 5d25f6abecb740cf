// Rating benchmark (docs/benchmarks.md): how well the old Elo and the openskill model predict results, as
// log-loss (lower is better; a coin flip scores ln 2 = 0.693). Each match is predicted before either model
// learns its result, then both update. Figures only, no assertions.
//
// 1. Generated histories of BENCH_MATCHES (10,000) matches from hidden true skills (seed BENCH_SEED):
//    - teams: 64 teams (one subject each, as ladders and tournaments rate them), random pairings;
//    - solo-queue 5v5: 300 players, ten drawn at random per match, sides split at random.
//    A subject's true skill is N(25, 6); each match its skill drifts by N(0, 0.1); a side performs at the
//    sum of its players' skills plus N(0, (25/6)²) per player, and the better performance wins.
// 2. The stored matches (DATABASE_URL, else the PGlite database in DATA_DIR when it exists): every
//    result that stands, replayed in the order it finished from newcomers (nothing is written).
//
// Run: `npm run ratings -w bench` (or `npx tsx bench/ratings/run.ts`). Stop a server using the same
// PGlite directory first.
import fs from 'node:fs';
import path from 'node:path';
import { expectedScore, sideRating } from '@versus/common/match/elo';
import { newSkill, rateResult, winProbability } from '@versus/common/match/skill';
import type { Outcome, SidePair, Skill } from '@versus/common/match/skill';
import { openDatabase } from '../../server/src/db/client.ts';
import { storedResults } from '../../server/src/modules/ratings/index.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 10_000);
const SEED = Number(process.env.BENCH_SEED ?? 17);
const ELO_K = 32;
const ELO_START = 1000;
const BETA = 25 / 6;

/** mulberry32: a small seeded PRNG, so every run generates the same history. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Log-loss of one prediction `p` (the challenger's chance) for an outcome; a draw scores 0.5. */
function logLoss(p: number, outcome: Outcome): number {
  const q = Math.min(Math.max(p, 1e-15), 1 - 1e-15);
  const y = outcome === 'challenger' ? 1 : outcome === 'opponent' ? 0 : 0.5;
  return -(y * Math.log(q) + (1 - y) * Math.log(1 - q));
}

interface Game {
  sides: SidePair<string[]>;
  outcome: Outcome;
}

/** Both models, fed the same games in order; each subject is a string key (player or team). */
class Scoreboard {
  private readonly elo = new Map<string, number>();
  private readonly skill = new Map<string, Skill>();
  eloLoss = 0;
  skillLoss = 0;
  eloRight = 0;
  skillRight = 0;
  games = 0;

  play(game: Game): void {
    const { sides, outcome } = game;
    // Elo as the site rated until now: a side plays at its players' mean rating, all move alike.
    const eloOf = (ids: string[]) =>
      sideRating(
        ids.map((id) => this.elo.get(id) ?? ELO_START),
        ELO_START,
      );
    const re = { challenger: eloOf(sides.challenger), opponent: eloOf(sides.opponent) };
    const pElo = expectedScore(re.challenger, re.opponent);
    const skills = {
      challenger: sides.challenger.map((id) => this.skill.get(id) ?? newSkill()),
      opponent: sides.opponent.map((id) => this.skill.get(id) ?? newSkill()),
    };
    const pSkill = winProbability(skills).challenger;

    this.games += 1;
    this.eloLoss += logLoss(pElo, outcome);
    this.skillLoss += logLoss(pSkill, outcome);
    if (outcome !== 'draw') {
      const challengerWon = outcome === 'challenger';
      if (pElo > 0.5 === challengerWon && pElo !== 0.5) this.eloRight += 1;
      if (pSkill > 0.5 === challengerWon && pSkill !== 0.5) this.skillRight += 1;
    }

    const y = outcome === 'challenger' ? 1 : outcome === 'opponent' ? 0 : 0.5;
    const change = Math.round(ELO_K * (y - pElo));
    for (const id of sides.challenger) this.elo.set(id, (this.elo.get(id) ?? ELO_START) + change);
    for (const id of sides.opponent) this.elo.set(id, (this.elo.get(id) ?? ELO_START) - change);
    const after = rateResult(skills, outcome);
    sides.challenger.forEach((id, i) => this.skill.set(id, after.challenger[i] ?? newSkill()));
    sides.opponent.forEach((id, i) => this.skill.set(id, after.opponent[i] ?? newSkill()));
  }
}

function generate(kind: 'teams' | 'solo', random: () => number): Game[] {
  const subjects = kind === 'teams' ? 64 : 300;
  const perSide = kind === 'teams' ? 1 : 5;
  const truth = Array.from({ length: subjects }, () => 25 + 6 * gaussian(random));
  const games: Game[] = [];
  for (let m = 0; m < MATCHES; m += 1) {
    const chosen = new Set<number>();
    while (chosen.size < perSide * 2) chosen.add(Math.floor(random() * subjects));
    const ids = [...chosen];
    const challenger = ids.slice(0, perSide);
    const opponent = ids.slice(perSide);
    const performance = (side: number[]) =>
      side.reduce((sum, i) => sum + (truth[i] ?? 25) + BETA * gaussian(random), 0);
    const outcome: Outcome = performance(challenger) > performance(opponent) ? 'challenger' : 'opponent';
    for (const i of ids) truth[i] = (truth[i] ?? 25) + 0.1 * gaussian(random);
    games.push({
      sides: { challenger: challenger.map(String), opponent: opponent.map(String) },
      outcome,
    });
  }
  return games;
}

function report(label: string, board: Scoreboard): void {
  const n = Math.max(board.games, 1);
  const pct = (x: number) => `${((100 * x) / n).toFixed(1)}%`;
  console.log(
    `${label.padEnd(34)} ${String(board.games).padStart(6)}  ` +
      `Elo ${(board.eloLoss / n).toFixed(4)} (${pct(board.eloRight)})  ` +
      `openskill ${(board.skillLoss / n).toFixed(4)} (${pct(board.skillRight)})  ` +
      `ratio ${(board.skillLoss / Math.max(board.eloLoss, 1e-12)).toFixed(3)}`,
  );
}

async function storedBoard(): Promise<Scoreboard | string> {
  // Read-only: the configuration loader is left out, since it may write generated credentials into DATA_DIR.
  const databaseUrl = process.env.DATABASE_URL ?? null;
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? 'data');
  if (!databaseUrl && !fs.existsSync(path.join(dataDir, 'pglite'))) return `no database in ${dataDir}`;
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const results = await storedResults(database.db);
    const board = new Scoreboard();
    for (const r of results) {
      const sides: SidePair<string[]> =
        r.kind === 'solo-queue'
          ? {
              challenger: r.players.filter((p) => p.side === 1).map((p) => `u${String(p.userId)}`),
              opponent: r.players.filter((p) => p.side === 2).map((p) => `u${String(p.userId)}`),
            }
          : {
              challenger: r.teamIds.challenger === null ? [] : [`t${String(r.teamIds.challenger)}`],
              opponent: r.teamIds.opponent === null ? [] : [`t${String(r.teamIds.opponent)}`],
            };
      if (sides.challenger.length === 0 || sides.opponent.length === 0) continue;
      board.play({ sides, outcome: r.outcome });
    }
    return board;
  } catch (err) {
    const first = (err as Error).message.split('\n')[0] ?? '';
    return `could not read the stored matches (${first.slice(0, 120)})`;
  } finally {
    await database.close();
  }
}

console.log(`Log-loss per match (lower is better; a coin flip is ${Math.LN2.toFixed(4)}), with accuracy:`);
const random = prng(SEED);
for (const kind of ['teams', 'solo'] as const) {
  const board = new Scoreboard();
  for (const game of generate(kind, random)) board.play(game);
  report(kind === 'teams' ? 'generated: teams (64)' : 'generated: solo-queue 5v5 (300)', board);
}
const stored = await storedBoard();
if (typeof stored === 'string') console.log(`stored matches: ${stored}`);
else if (stored.games === 0) console.log('stored matches: none finished yet');
else report('stored matches', stored);
