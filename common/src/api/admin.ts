// The admin area: what needs an admin's attention, cancelling a match, and the maps and locations
// catalogues. Every route answers 401 signed out and 403 to players, before it reads its input.
import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { LOCATION_RULES } from '../match/state.ts';
import { matchTypeSchema, statusIdSchema } from './matches.ts';
import { idField, dataOf, idParam, isoDateTime, MAX_ID, nameField, stringField } from './primitives.ts';
import { TEAM_FORMATIONS } from './solo-queue.ts';

export { TEAM_FORMATIONS };

export const adminMatchParams = z.object({ id: idParam('Match') });
export const adminMapParams = z.object({ id: idParam('Map') });
export const adminLocationParams = z.object({ id: idParam('Location') });

export const matchSummarySchema = z
  .object({
    id: z.number(),
    url: z.string(),
    type: matchTypeSchema,
    statusId: statusIdSchema,
    statusName: z.string(),
    /** A solo-queue side is named after its captain (`Team {captain}`). */
    challengerTeamName: z.string().nullable(),
    opponentTeamName: z.string().nullable(),
    challengerScore: z.number().nullable(),
    opponentScore: z.number().nullable(),
    createdAt: isoDateTime,
    startDate: isoDateTime.nullable(),
    scoreEnteredAt: isoDateTime.nullable(),
    scoreApprovalDeadline: isoDateTime.nullable(),
  })
  .meta({ id: 'AdminMatchSummary' });
export type MatchSummary = z.infer<typeof matchSummarySchema>;

export const openDisputeSchema = z.object({
  ticketId: z.number(),
  /** `/ticket/{id}` */
  url: z.string(),
  description: z.string(),
  openedBy: z.string().nullable(),
  createdAt: isoDateTime,
  match: matchSummarySchema.nullable(),
});
export type OpenDispute = z.infer<typeof openDisputeSchema>;

/** `GET /api/v1/admin/overview`: up to 50 rows per list. */
export const adminOverviewSchema = z
  .object({
    openDisputes: z.array(openDisputeSchema),
    scoresAwaitingApproval: z.array(matchSummarySchema),
    cancellableMatches: z.array(matchSummarySchema),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export const adminOverviewAnswer = dataOf(adminOverviewSchema);

/** `POST /api/v1/admin/matches/{id}/cancel`: the engine's cancel command with the admin as actor. */
export const adminCancelAnswer = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), statusId: statusIdSchema }),
});
export type AdminCancelAnswer = z.infer<typeof adminCancelAnswer>;

export const adminMapSchema = z
  .object({
    id: z.number(),
    gameId: z.number(),
    name: z.string(),
    /** The server's map name (`mp_crash`). */
    nameCmd: z.string(),
    image: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'AdminMap' });
export type AdminMap = z.infer<typeof adminMapSchema>;
export const adminMapsAnswer = dataOf(z.array(adminMapSchema));
export const adminMapAnswer = dataOf(adminMapSchema);

const imagePath = z
  .string({ error: 'The image field must be a string.' })
  .max(500, { error: 'The image field must not be greater than 500 characters.' })
  .regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, { error: 'The image field must be a path or an http(s) URL.' })
  .nullish();

/** `POST /api/v1/admin/maps` */
export const createMapBody = z.object({
  name: stringField('name', { max: 64 }),
  nameCmd: stringField('name_cmd', { max: 64 }).regex(/^[a-z0-9_]+$/, {
    error: 'The name cmd field may only contain lower-case letters, numbers and underscores.',
  }),
  image: imagePath,
  /** The first game when absent. */
  gameId: idField.optional(),
  isActive: z.boolean({ error: 'The is active field must be true or false.' }).optional(),
});
export type MapInput = z.input<typeof createMapBody>;

/** `PATCH /api/v1/admin/maps/{id}`: any of the fields. */
export const updateMapBody = createMapBody.omit({ gameId: true }).partial();
export type MapUpdateInput = z.input<typeof updateMapBody>;

export const adminLocationSchema = z
  .object({
    id: z.number(),
    hostname: z.string(),
    /** The name players read (null: the host of `hostname`). */
    name: z.string().nullable(),
    city: z.string(),
    country: z.string(),
    flag: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'AdminLocation' });
export type AdminLocation = z.infer<typeof adminLocationSchema>;
export const adminLocationsAnswer = dataOf(z.array(adminLocationSchema));
export const adminLocationAnswer = dataOf(adminLocationSchema);

const flag = z
  .string({ error: 'The flag field is required.' })
  .refine(isCountryCode, { error: 'The flag field must be a valid country code.' })
  .transform((f) => f.toLowerCase());

/** `POST /api/v1/admin/locations` */
export const createLocationBody = z.object({
  /** The ping target the players' browsers measure. */
  hostname: z
    .url({ protocol: /^https?$/, error: 'The hostname field must be a valid http(s) URL.' })
    .max(500, { error: 'The hostname field must not be greater than 500 characters.' }),
  /** What players read on the location's card; null or absent: the host of the ping URL. */
  name: nameField('name', { max: 64 }).nullable().optional(),
  city: stringField('city', { max: 100 }),
  country: stringField('country', { max: 100 }),
  flag,
  isActive: z.boolean({ error: 'The is active field must be true or false.' }).optional(),
});
export type LocationInput = z.input<typeof createLocationBody>;

/** `PATCH /api/v1/admin/locations/{id}`: any of the fields. */
export const updateLocationBody = createLocationBody.partial();
export type LocationUpdateInput = z.input<typeof updateLocationBody>;

// ---------------------------------------------------------------------------------------------------
// Catalogue: games and map pools; competitions: ladders, tournaments, solo-queues (docs/admin.md).
// Every engine field is a setting with a validated range; the ranges live in `COMPETITION_LIMITS`.

export const adminGameParams = z.object({ id: idParam('Game') });
export const adminMapPoolParams = z.object({ id: idParam('Map pool') });
export const adminLadderParams = z.object({ id: idParam('Ladder') });
export const adminTournamentParams = z.object({ id: idParam('Tournament') });
export const adminSoloQueueParams = z.object({ id: idParam('Solo-queue') });

/** Ranges of every competition setting (inclusive). Shared with the admin forms. */
export const COMPETITION_LIMITS = {
  teamSize: [1, 16],
  vetoTurnSeconds: [5, 600],
  pickTurnSeconds: [5, 600],
  locationVoteSeconds: [10, 600],
  scoreApprovalSeconds: [60, 30 * 86_400],
  disputeWindowSeconds: [0, 30 * 86_400],
  maxTeams: [2, 256],
  roundIntervalMinutes: [5, 7 * 1440],
  readyCheckMinutes: [1, 120],
  checkInMinutes: [0, 1440],
  groupCount: [1, 32],
  swissRounds: [1, 15],
  playoffTeams: [2, 64],
  maxMapScore: [1, 1000],
  maxCaptainedTeams: [1, 100],
} as const;
type LimitName = keyof typeof COMPETITION_LIMITS;

/** A whole number within the setting's range, with Laravel's wording. */
function intSetting(name: LimitName) {
  const label = name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
  const [min, max] = COMPETITION_LIMITS[name];
  const range = `The ${label} field must be between ${String(min)} and ${String(max)}.`;
  return z
    .number({ error: `The ${label} field must be a number.` })
    .int({ error: `The ${label} field must be an integer.` })
    .min(min, { error: range })
    .max(max, { error: range });
}

const bestOfField = (label: string) =>
  z.union([z.literal(1), z.literal(3), z.literal(5)], {
    error: `The ${label} field must be 1, 3 or 5.`,
  });
const boolField = (label: string) => z.boolean({ error: `The ${label} field must be true or false.` });
const slugField = z
  .string({ error: 'The slug field must be a string.' })
  .min(1, { error: 'The slug field is required.' })
  .max(100, { error: 'The slug field must not be greater than 100 characters.' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    error: 'The slug field may only contain lower-case letters, numbers and dashes.',
  });
const descriptionField = z
  .string({ error: 'The description field must be a string.' })
  .max(2000, { error: 'The description field must not be greater than 2000 characters.' })
  .nullable();
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `The ${label} field must be a valid ISO 8601 date.` });

/** Promod match modes a game server accepts (`promod_mode`). */
export const PROMOD_MODES = [
  'match_mr12',
  'match_mr10',
  'match_mr15',
  'match_mr3',
  'knockout_mr12',
  'knockout_mr10',
  'knockout_mr15',
  'knockout_mr3',
] as const;

export const adminGameSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    maxMapScore: z.number(),
    /** Teams of this game one user may captain at once (docs/league-rules.md). */
    maxCaptainedTeams: z.number(),
  })
  .meta({ id: 'AdminGame' });
export type AdminGame = z.infer<typeof adminGameSchema>;
export const adminGamesAnswer = dataOf(z.array(adminGameSchema));
export const adminGameAnswer = dataOf(adminGameSchema);
/** `POST /api/v1/admin/games` */
export const createGameBody = z.object({
  slug: slugField.max(32, { error: 'The slug field must not be greater than 32 characters.' }),
  name: stringField('name', { max: 100 }),
  maxMapScore: intSetting('maxMapScore'),
  /** 1 (the default): a user captains at most one team of the game. */
  maxCaptainedTeams: intSetting('maxCaptainedTeams').optional(),
});
export type GameInput = z.input<typeof createGameBody>;
export const updateGameBody = createGameBody.partial();

export const adminMapPoolSchema = z
  .object({ id: z.number(), gameId: z.number(), name: z.string(), mapIds: z.array(z.number()) })
  .meta({ id: 'AdminMapPool' });
export type AdminMapPool = z.infer<typeof adminMapPoolSchema>;
export const adminMapPoolsAnswer = dataOf(z.array(adminMapPoolSchema));
export const adminMapPoolAnswer = dataOf(adminMapPoolSchema);
const mapIdsField = z
  .array(z.number({ error: 'The map ids field must hold map ids.' }).int().positive().max(MAX_ID), {
    error: 'The map ids field must be a list of map ids.',
  })
  .min(1, { error: 'The map ids field must have at least 1 item.' })
  .max(20, { error: 'The map ids field must not have more than 20 items.' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'The map ids field has a duplicate map.' });
/** `POST /api/v1/admin/map-pools`: the maps in veto-grid order. */
export const createMapPoolBody = z.object({
  name: stringField('name', { max: 100 }),
  gameId: z.number().int().positive().max(MAX_ID).optional(),
  mapIds: mapIdsField,
});
export type MapPoolInput = z.input<typeof createMapPoolBody>;
export const updateMapPoolBody = createMapPoolBody.omit({ gameId: true }).partial();

/** `POST /api/v1/admin/maps/{id}/image`: the raw PNG, JPEG or WebP bytes. */
export const mapImageBody = z.unknown().meta({ description: 'The image bytes (PNG, JPEG or WebP)' });

/** What every competition has. */
const competitionFields = {
  name: stringField('name', { max: 100 }),
  /** From the name when absent (`-2`, `-3` when taken). */
  slug: slugField.optional(),
  /** The first game when absent. */
  gameId: z.number().int().positive().max(MAX_ID).optional(),
  mapPoolId: z.number({ error: 'The map pool id field is required.' }).int().positive().max(MAX_ID),
  teamSize: intSetting('teamSize'),
  vetoTurnSeconds: intSetting('vetoTurnSeconds').optional(),
  promodMode: z.enum(PROMOD_MODES, { error: 'The promod mode field is not a known promod mode.' }).optional(),
  /** Null: the platform default (`SCORE_APPROVAL_SECONDS`). */
  scoreApprovalSeconds: intSetting('scoreApprovalSeconds').nullable().optional(),
  /** Null: the platform default (`DISPUTE_WINDOW_SECONDS`). */
  disputeWindowSeconds: intSetting('disputeWindowSeconds').nullable().optional(),
  /** A map may end level and a series drawn (ladders: true, tournaments and solo-queues: false by default). */
  drawsAllowed: boolField('draws allowed').optional(),
  /** `vote` (default): the players vote (status 11) before the veto; `fixed`: `fixedLocationId`, no vote. */
  locationRule: z
    .enum(LOCATION_RULES, { error: 'The location rule field must be vote or fixed.' })
    .optional(),
  /** How long the location vote lasts (10-600 s, default 60). */
  locationVoteSeconds: intSetting('locationVoteSeconds').optional(),
  /** Required with `fixed` (an existing location); cleared with `vote`. */
  fixedLocationId: z
    .number({ error: 'The fixed location id field must be a location id.' })
    .int({ error: 'The fixed location id field must be a location id.' })
    .positive({ error: 'The fixed location id field must be a location id.' })
    .max(MAX_ID, { error: 'The fixed location id field must be a location id.' })
    .nullable()
    .optional(),
};

const competitionAnswerFields = {
  id: z.number(),
  slug: z.string(),
  url: z.string(),
  name: z.string(),
  gameId: z.number(),
  mapPoolId: z.number(),
  teamSize: z.number(),
  vetoTurnSeconds: z.number(),
  promodMode: z.string(),
  scoreApprovalSeconds: z.number().nullable(),
  disputeWindowSeconds: z.number().nullable(),
  drawsAllowed: z.boolean(),
  locationRule: z.enum(LOCATION_RULES),
  fixedLocationId: z.number().nullable(),
  locationVoteSeconds: z.number(),
  createdAt: isoDateTime,
};

export const adminLadderSchema = z
  .object({
    ...competitionAnswerFields,
    description: z.string().nullable(),
    isActive: z.boolean(),
    /** Archived: closed and left out of the public ladder list; its page and history stay. */
    archivedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'AdminLadder' });
export type AdminLadder = z.infer<typeof adminLadderSchema>;
export const adminLaddersAnswer = dataOf(z.array(adminLadderSchema));
export const adminLadderAnswer = dataOf(adminLadderSchema);
/** `POST /api/v1/admin/ladders`; `isActive: false` closes it to new challenges and sign-ups. */
export const createLadderBody = z.object({
  ...competitionFields,
  description: descriptionField.optional(),
  isActive: boolField('is active').optional(),
});
export type LadderInput = z.input<typeof createLadderBody>;
/** `archived: true` closes the ladder and leaves it out of the public list; `false` lists it again (closed). */
const archivedField = { archived: boolField('archived').optional() };
export const updateLadderBody = createLadderBody.partial().extend(archivedField);
export type LadderUpdateInput = z.input<typeof updateLadderBody>;

export const adminSoloQueueSchema = z
  .object({
    ...competitionAnswerFields,
    bestOf: z.number(),
    pickTurnSeconds: z.number(),
    teamFormation: z.enum(TEAM_FORMATIONS),
    isActive: z.boolean(),
  })
  .meta({ id: 'AdminSoloQueue' });
export type AdminSoloQueue = z.infer<typeof adminSoloQueueSchema>;
export const adminSoloQueuesAnswer = dataOf(z.array(adminSoloQueueSchema));
export const adminSoloQueueAnswer = dataOf(adminSoloQueueSchema);
/** `POST /api/v1/admin/solo-queues` */
export const createSoloQueueBody = z.object({
  ...competitionFields,
  bestOf: bestOfField('best of').optional(),
  pickTurnSeconds: intSetting('pickTurnSeconds').optional(),
  /** `draft` (default): the captains pick (status 10); `balanced`: the rating model splits the players. */
  teamFormation: z
    .enum(TEAM_FORMATIONS, { error: 'The team formation field must be draft or balanced.' })
    .optional(),
  isActive: boolField('is active').optional(),
});
export type SoloQueueInput = z.input<typeof createSoloQueueBody>;
export const updateSoloQueueBody = createSoloQueueBody.partial();

export const TOURNAMENT_FORMATS = [
  'single_elimination',
  'double_elimination',
  'round_robin',
  'swiss',
  'two_stage',
] as const;
export const tournamentFormatSchema = z.enum(TOURNAMENT_FORMATS, {
  error:
    'The format field must be one of single_elimination, double_elimination, round_robin, swiss, two_stage.',
});
export type TournamentFormat = z.infer<typeof tournamentFormatSchema>;

export const adminTournamentSchema = z
  .object({
    ...competitionAnswerFields,
    description: z.string().nullable(),
    status: z.enum(['upcoming', 'running', 'finished', 'cancelled']),
    format: tournamentFormatSchema,
    maxTeams: z.number(),
    startDate: isoDateTime,
    signupDeadline: isoDateTime.nullable(),
    bestOf: z.number(),
    finalBestOf: z.number(),
    roundIntervalMinutes: z.number(),
    readyCheckMinutes: z.number(),
    checkInMinutes: z.number(),
    seeding: z.enum(['rating', 'manual']),
    thirdPlaceMatch: z.boolean(),
    grandFinalReset: z.boolean(),
    groupCount: z.number(),
    swissRounds: z.number().nullable(),
    groupStage: z.enum(['round_robin', 'swiss']),
    playoffTeams: z.number(),
    /** Archived: left out of the public tournament list; its page and bracket stay. */
    archivedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'AdminTournament' });
export type AdminTournament = z.infer<typeof adminTournamentSchema>;
export const adminTournamentsAnswer = dataOf(z.array(adminTournamentSchema));
export const adminTournamentAnswer = dataOf(adminTournamentSchema);

const tournamentFields = {
  ...competitionFields,
  description: descriptionField.optional(),
  format: tournamentFormatSchema,
  maxTeams: intSetting('maxTeams').optional(),
  startDate: instant('start date'),
  /** Sign-up closes here; null: at the start. */
  signupDeadline: instant('signup deadline').nullable().optional(),
  bestOf: bestOfField('best of').optional(),
  finalBestOf: bestOfField('final best of').optional(),
  roundIntervalMinutes: intSetting('roundIntervalMinutes').optional(),
  readyCheckMinutes: intSetting('readyCheckMinutes').optional(),
  /** Minutes before the start in which captains check in; 0: no check-in. */
  checkInMinutes: intSetting('checkInMinutes').optional(),
  seeding: z.enum(['rating', 'manual'], { error: 'The seeding field must be rating or manual.' }).optional(),
  thirdPlaceMatch: boolField('third place match').optional(),
  grandFinalReset: boolField('grand final reset').optional(),
  groupCount: intSetting('groupCount').optional(),
  /** Null: ceil(log2(teams)). */
  swissRounds: intSetting('swissRounds').nullable().optional(),
  groupStage: z
    .enum(['round_robin', 'swiss'], { error: 'The group stage field must be round_robin or swiss.' })
    .optional(),
  playoffTeams: intSetting('playoffTeams').optional(),
};
const signupBeforeStart = (b: { startDate?: string; signupDeadline?: string | null | undefined }) =>
  !b.startDate || !b.signupDeadline || Date.parse(b.signupDeadline) <= Date.parse(b.startDate);
const signupRefinement = {
  error: 'The signup deadline must not be after the start date.',
  path: ['signupDeadline'],
};
/** `POST /api/v1/admin/tournaments` */
export const createTournamentBody = z.object(tournamentFields).refine(signupBeforeStart, signupRefinement);
export type TournamentInput = z.input<typeof createTournamentBody>;
/**
 * `PATCH /api/v1/admin/tournaments/{id}`: any field; `status: 'cancelled'` cancels an upcoming tournament.
 * Once the bracket is drawn only the name, description and the clocks of matches not created yet change.
 */
export const updateTournamentBody = z
  .object({
    ...tournamentFields,
    status: z.literal('cancelled', { error: 'The status field may only be cancelled.' }),
    /** Only a finished or cancelled tournament is archived (409 otherwise). */
    ...archivedField,
  })
  .partial()
  .refine(signupBeforeStart, signupRefinement);
export type TournamentUpdateInput = z.input<typeof updateTournamentBody>;

/** `PUT /api/v1/admin/tournaments/{id}/seeds`: signed-up team ids, best seed first (manual seeding). */
export const tournamentSeedsBody = z.object({
  teamIds: z
    .array(z.number().int().positive().max(MAX_ID), {
      error: 'The team ids field must be a list of team ids.',
    })
    .max(256)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'The team ids field has a duplicate team.' }),
});
export const tournamentSeedsAnswer = z.object({
  message: z.string(),
  data: z.array(z.object({ teamId: z.number(), seed: z.number().nullable() })),
});
export type TournamentSeedsAnswer = z.infer<typeof tournamentSeedsAnswer>;

/** `POST /api/v1/admin/ladders/{id}/seasons`: the next season of a ladder (numbered 1, 2, ...). */
export const createSeasonBody = z
  .object({
    name: stringField('name', { max: 100 }),
    startsAt: instant('starts at'),
    endsAt: instant('ends at').nullable().optional(),
  })
  .refine((b) => !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    error: 'The ends at field must be after the starts at field.',
    path: ['endsAt'],
  });
export type SeasonInput = z.input<typeof createSeasonBody>;
export const adminSeasonSchema = z
  .object({
    id: z.number(),
    ladderId: z.number(),
    number: z.number(),
    name: z.string(),
    startsAt: isoDateTime,
    endsAt: isoDateTime.nullable(),
    startedAt: isoDateTime.nullable(),
    closedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'AdminLadderSeason' });
export type AdminSeason = z.infer<typeof adminSeasonSchema>;
export const adminSeasonAnswer = dataOf(adminSeasonSchema);
export const adminSeasonsAnswer = dataOf(z.array(adminSeasonSchema));
