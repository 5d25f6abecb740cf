// A seeded, plausible CoD4 search-and-destroy `games_mp.log` for a played match: the simulated game server
// posts it, the demo scenarios show its statistics, and the tests parse it. The same input always gives the
// same lines. Tuned so its average player matches `COD4_SD_AVERAGES` (about 7 of 10 players die per round).
import { seededRandom } from '@versus/common/match/prng';
import type { GameTeam } from '../match-log/index.ts';

export interface GeneratedPlayer {
  /** CoD4 GUID (32 hex characters on a real server); any non-empty text works. */
  guid: string;
  /** In-game name. */
  name: string;
}

export interface GeneratedMap {
  /** Server map name (`mp_crash`). */
  nameCmd: string;
  /** Force the map's result (rounds won by the challenger and the opponent); else drawn by the seed. */
  challengerRounds?: number;
  opponentRounds?: number;
}

export interface LogGeneratorInput {
  seed: number;
  /** Side 1 and side 2 players (any size from 1). */
  challenger: readonly GeneratedPlayer[];
  opponent: readonly GeneratedPlayer[];
  /** Maps in play order. */
  maps: readonly GeneratedMap[];
  /** Rounds needed to win a map; CoD4 S&D leagues play first to 13 (half time after 12). */
  roundsToWin?: number;
  /** Start with a warm-up kill and a restart, as a match going live does (default true). */
  warmup?: boolean;
}

export interface GeneratedMapResult {
  nameCmd: string;
  challengerRounds: number;
  opponentRounds: number;
}

export interface GeneratedLog {
  lines: string[];
  results: GeneratedMapResult[];
}

interface Fighter extends GeneratedPlayer {
  num: number;
  side: 1 | 2;
  skill: number;
}

const WEAPONS = [
  ['ak47_mp', 'MOD_RIFLE_BULLET', 30, 49],
  ['m16_mp', 'MOD_RIFLE_BULLET', 30, 45],
  ['mp5_mp', 'MOD_PISTOL_BULLET', 25, 40],
  ['ak74u_mp', 'MOD_PISTOL_BULLET', 25, 42],
  ['m40a3_mp', 'MOD_RIFLE_BULLET', 70, 135],
  ['deserteagle_mp', 'MOD_PISTOL_BULLET', 35, 55],
  ['frag_grenade_mp', 'MOD_GRENADE_SPLASH', 20, 130],
] as const;
const BODY = ['torso_upper', 'torso_lower', 'left_arm_upper', 'right_arm_lower', 'left_leg_upper', 'neck'];

/** Writes the whole match log. */
export function generateMatchLog(input: LogGeneratorInput): GeneratedLog {
  const random = seededRandom(input.seed, 8);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const roundsToWin = input.roundsToWin ?? 13;
  const fighters: Fighter[] = [
    ...input.challenger.map((p, i) => ({ ...p, num: i, side: 1 as const, skill: 0.6 + random() * 0.8 })),
    ...input.opponent.map((p, i) => ({
      ...p,
      num: input.challenger.length + i,
      side: 2 as const,
      skill: 0.6 + random() * 0.8,
    })),
  ];
  const lines: string[] = [];
  let clock = 0;
  const emit = (text: string, advance = 0) => {
    clock += advance;
    const minutes = Math.floor(clock / 60);
    lines.push(`${String(minutes).padStart(3)}:${String(clock % 60).padStart(2, '0')} ${text}`);
  };
  const who = (f: Fighter, team: GameTeam) => `${f.guid};${f.num};${team};${f.name}`;
  const results: GeneratedMapResult[] = [];

  for (const map of input.maps) {
    const init = `InitGame: \\g_gametype\\sd\\gamename\\Call of Duty 4\\mapname\\${map.nameCmd}\\fs_game\\mods/pml220`;
    emit(init, 5);
    for (const f of fighters) emit(`J;${f.guid};${f.num};${f.name}`, 1);
    const teamOf = (f: Fighter, half: number): GameTeam =>
      (f.side === 1) === (half === 1) ? 'allies' : 'axis';
    const joinTeams = (half: number) => {
      for (const f of fighters) emit(`JT;${f.guid};${f.num};${teamOf(f, half)};${f.name};`);
    };
    joinTeams(1);
    if (input.warmup !== false && fighters.length >= 2) {
      const [a, b] = [fighters[0], fighters[fighters.length - 1]] as [Fighter, Fighter];
      emit(`K;${who(b, teamOf(b, 1))};${who(a, teamOf(a, 1))};m16_mp;100;MOD_RIFLE_BULLET;torso_upper`, 20);
      emit(init, 10); // promod's "match live" restart
      joinTeams(1);
    }

    const winners = roundWinners(map, roundsToWin, random);
    let score = { 1: 0, 2: 0 };
    winners.forEach((winnerSide, index) => {
      const round = index + 1;
      const half = round < roundsToWin ? 1 : 2;
      if (round > 1) {
        emit(init, 8); // CoD4 reloads the level between S&D rounds
        if (round === roundsToWin) joinTeams(2);
      }
      // Now and then somebody drops and reconnects on another client slot.
      if (random() < 0.04) {
        const f = fighters[between(0, fighters.length - 1)] as Fighter;
        emit(`Q;${f.guid};${f.num};${f.name}`, 2);
        f.num += fighters.length;
        emit(`J;${f.guid};${f.num};${f.name}`, 3);
        emit(`JT;${f.guid};${f.num};${teamOf(f, half)};${f.name};`);
      }
      const reason = playRound(fighters, winnerSide, half, teamOf, emit, random, between);
      score = { ...score, [winnerSide]: score[winnerSide] + 1 };
      const team = fighters.find((f) => f.side === winnerSide);
      emit(`RW;${round};${team ? teamOf(team, half) : 'tie'};${reason}`, 2);
    });
    emit('ShutdownGame:', 10);
    emit('------------------------------------------------------------');
    results.push({ nameCmd: map.nameCmd, challengerRounds: score[1], opponentRounds: score[2] });
  }
  return { lines, results };
}

/** The side winning each round: the forced result in a shuffled order (the map's winner takes the last). */
function roundWinners(map: GeneratedMap, roundsToWin: number, random: () => number): (1 | 2)[] {
  let first = map.challengerRounds;
  let second = map.opponentRounds;
  if (first === undefined || second === undefined) {
    const loser = Math.floor(random() * roundsToWin);
    [first, second] = random() < 0.5 ? [roundsToWin, loser] : [loser, roundsToWin];
  }
  const winner: 1 | 2 = first >= second ? 1 : 2;
  const rest: (1 | 2)[] = [
    ...Array<1 | 2>(Math.max(0, (winner === 1 ? first : second) - 1)).fill(winner),
    ...Array<1 | 2>(winner === 1 ? second : first).fill(winner === 1 ? 2 : 1),
  ];
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as 1 | 2, rest[i] as 1 | 2];
  }
  return first + second === 0 ? [] : [...rest, winner];
}

/** Plays one round to the given winner; returns the reason printed on the `RW;` line. */
function playRound(
  fighters: Fighter[],
  winnerSide: 1 | 2,
  half: number,
  teamOf: (f: Fighter, half: number) => GameTeam,
  emit: (text: string, advance?: number) => void,
  random: () => number,
  between: (lo: number, hi: number) => number,
): string {
  const health = new Map(fighters.map((f) => [f, 100]));
  const alive = (side: 1 | 2) => fighters.filter((f) => f.side === side && (health.get(f) ?? 0) > 0);
  const loserSide: 1 | 2 = winnerSide === 1 ? 2 : 1;
  const attackers: 1 | 2 = half === 1 ? 1 : 2; // allies attack first; the sides swap at half time
  const ending = random();
  // Most rounds end in a wipe-out; some by the bomb or the clock with a few losers alive.
  const losers = alive(loserSide).length;
  const loserDeaths = ending < 0.85 ? losers : between(Math.ceil(losers / 2), Math.max(0, losers - 1));
  const winnerDeaths = Math.min(alive(winnerSide).length - 1, between(1, 3) + (random() < 0.3 ? 1 : 0));
  const deaths: (1 | 2)[] = [
    ...Array<1 | 2>(loserDeaths).fill(loserSide),
    ...Array<1 | 2>(winnerDeaths).fill(winnerSide),
  ];
  for (let i = deaths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deaths[i], deaths[j]] = [deaths[j] as 1 | 2, deaths[i] as 1 | 2];
  }
  const pick = (list: Fighter[], weight: (f: Fighter) => number): Fighter => {
    const total = list.reduce((sum, f) => sum + weight(f), 0);
    let r = random() * total;
    for (const f of list) if ((r -= weight(f)) <= 0) return f;
    return list[list.length - 1] as Fighter;
  };
  const hit = (victim: Fighter, attacker: Fighter, weaponIndex: number, amount: number, fatal: boolean) => {
    const [weapon, mod, ,] = WEAPONS[weaponIndex] ?? WEAPONS[0];
    const head = fatal && mod !== 'MOD_GRENADE_SPLASH' && random() < 0.25;
    const location =
      mod === 'MOD_GRENADE_SPLASH'
        ? 'none'
        : head
          ? 'head'
          : (BODY[between(0, BODY.length - 1)] ?? 'torso_upper');
    const line = `${victim.guid};${victim.num};${teamOf(victim, half)};${victim.name};${attacker.guid};${attacker.num};${teamOf(attacker, half)};${attacker.name};${weapon};${amount};${head ? 'MOD_HEAD_SHOT' : mod};${location}`;
    emit(`D;${line}`, between(1, 6));
    health.set(victim, Math.max(0, (health.get(victim) ?? 0) - amount));
    if (fatal) emit(`K;${line}`);
  };
  let planted = false;
  deaths.forEach((side, index) => {
    const victims = alive(side);
    const killers = alive(side === 1 ? 2 : 1);
    if (victims.length === 0 || killers.length === 0) return;
    if (!planted && index === 2 && random() < 0.5) {
      const planter = alive(attackers)[0];
      if (planter) {
        emit(`P_P;${planter.guid};${planter.num};${planter.name}`, between(3, 15));
        planted = true;
      }
    }
    const victim = pick(victims, (f) => 2 - f.skill);
    const killer = pick(killers, (f) => f.skill ** 2.5);
    const weaponIndex = between(0, WEAPONS.length - 1);
    const [, , low, high] = WEAPONS[weaponIndex] ?? WEAPONS[0];
    // Sometimes the victim fights back first, or a team-mate of the killer softens the victim (an assist).
    if (random() < 0.3 && (health.get(killer) ?? 0) > 40)
      hit(killer, victim, weaponIndex, between(10, 35), false);
    const helper = killers.find((f) => f !== killer && random() < 0.2);
    const before = health.get(victim) ?? 100;
    if (helper && before > 20) hit(victim, helper, weaponIndex, Math.min(between(15, 45), before - 5), false);
    let left = health.get(victim) ?? 100;
    while (left > 0) {
      const amount = between(low, high);
      hit(victim, killer, weaponIndex, amount, amount >= left);
      left = health.get(victim) ?? 0;
    }
  });
  if (alive(loserSide).length === 0) return 'enemies_eliminated';
  if (winnerSide === attackers) {
    const planter = alive(attackers)[0];
    if (!planted && planter) emit(`P_P;${planter.guid};${planter.num};${planter.name}`, between(5, 20));
    return 'bomb_exploded';
  }
  if (planted) {
    const defuser = alive(winnerSide)[0];
    if (defuser) emit(`P_D;${defuser.guid};${defuser.num};${defuser.name}`, between(5, 10));
    return 'bomb_defused';
  }
  return 'time_expired';
}
