// Hand-written log excerpts shared by the parser and ingestion tests; the expected numbers are counted by
// hand in `log-stats.test.ts`. Two players a side: Alpha and Bravo (allies), Charlie and Delta (axis).

/** mp_crash, three rounds: a headshot double kill, a plant + team kill + fall, a reconnect mid-map + defuse. */
export const CRASH_LOG = [
  '  0:00 InitGame: \\g_gametype\\sd\\gamename\\Call of Duty 4\\mapname\\mp_crash\\sv_hostname\\Versus #1',
  '  0:01 J;aaa;0;Alpha',
  '  0:01 J;bbb;1;Bravo',
  '  0:01 J;ccc;2;Charlie',
  '  0:01 J;ddd;3;Delta',
  '  0:02 JT;aaa;0;allies;Alpha;',
  '  0:02 JT;bbb;1;allies;Bravo;',
  '  0:02 JT;ccc;2;axis;Charlie;',
  '  0:02 JT;ddd;3;axis;Delta;',
  // Round 1: Bravo hurts Charlie (40), Alpha finishes him with a headshot (70, capped at the 60 left).
  '  0:10 D;ccc;2;axis;Charlie;bbb;1;allies;Bravo;ak47_mp;40;MOD_RIFLE_BULLET;torso_upper',
  '  0:11 D;ccc;2;axis;Charlie;aaa;0;allies;Alpha;m16_mp;70;MOD_HEAD_SHOT;head',
  '  0:11 K;ccc;2;axis;Charlie;aaa;0;allies;Alpha;m16_mp;70;MOD_HEAD_SHOT;head',
  '  0:15 D;ddd;3;axis;Delta;aaa;0;allies;Alpha;m16_mp;100;MOD_RIFLE_BULLET;torso_lower',
  '  0:15 K;ddd;3;axis;Delta;aaa;0;allies;Alpha;m16_mp;100;MOD_RIFLE_BULLET;torso_lower',
  '  0:16 RW;1;allies;enemies_eliminated',
  // Round 2: Charlie plants; Delta hurts Alpha (30); Alpha team-kills Bravo, then falls to his death.
  '  0:30 P_P;ccc;2;Charlie',
  '  0:31 D;aaa;0;allies;Alpha;ddd;3;axis;Delta;mp5_mp;30;MOD_PISTOL_BULLET;left_arm_upper',
  '  0:32 D;bbb;1;allies;Bravo;aaa;0;allies;Alpha;frag_grenade_mp;100;MOD_GRENADE_SPLASH;none',
  '  0:32 K;bbb;1;allies;Bravo;aaa;0;allies;Alpha;frag_grenade_mp;100;MOD_GRENADE_SPLASH;none',
  '  0:33 K;aaa;0;allies;Alpha;;-1;world;;none;100000;MOD_FALLING;none',
  '  0:40 RW;2;axis;bomb_exploded',
  // Round 3: Delta drops and comes back on another slot, hurts Bravo (50); Charlie kills Bravo; Alpha defuses.
  '  0:50 Q;ddd;3;Delta',
  '  0:51 J;ddd;4;Delta',
  '  0:51 JT;ddd;4;axis;Delta;',
  '  0:55 D;bbb;1;allies;Bravo;ddd;4;axis;Delta;ak47_mp;50;MOD_RIFLE_BULLET;torso_upper',
  '  0:56 D;bbb;1;allies;Bravo;ccc;2;axis;Charlie;ak47_mp;60;MOD_RIFLE_BULLET;torso_upper',
  '  0:56 K;bbb;1;allies;Bravo;ccc;2;axis;Charlie;ak47_mp;60;MOD_RIFLE_BULLET;torso_upper',
  '  0:57 P_D;aaa;0;Alpha',
  '  0:58 RW;3;allies;bomb_defused',
  '  1:00 ShutdownGame:',
];

/** mp_strike: a warm-up kill, a restart (discarding it), round 1, the level reload of round 2. */
export const STRIKE_LOG = [
  '  1:05 InitGame: \\g_gametype\\sd\\mapname\\mp_strike',
  '  1:06 K;ccc;2;axis;Charlie;aaa;0;allies;Alpha;m16_mp;100;MOD_RIFLE_BULLET;torso_upper',
  '  1:10 InitGame: \\g_gametype\\sd\\mapname\\mp_strike',
  '  1:11 JT;aaa;0;allies;Alpha;',
  '  1:11 JT;bbb;1;allies;Bravo;',
  '  1:11 JT;ccc;2;axis;Charlie;',
  '  1:11 JT;ddd;3;axis;Delta;',
  '  1:20 K;aaa;0;allies;Alpha;ccc;2;axis;Charlie;ak47_mp;100;MOD_RIFLE_BULLET;torso_upper',
  '  1:21 RW;1;axis;time',
  '  1:25 InitGame: \\g_gametype\\sd\\mapname\\mp_strike',
  '  1:30 K;bbb;1;allies;Bravo;ddd;3;axis;Delta;ak47_mp;100;MOD_RIFLE_BULLET;torso_upper',
  '  1:31 RW;2;axis;time',
  '  1:40 ShutdownGame:',
];
