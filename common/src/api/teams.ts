// Teams: the team page (roster, standings, recent matches, the viewer's flags), creating a team, leaving,
// the captaincy, kicking, and invitations.
import { z } from 'zod';
import { TEAM_NAME_MAX, TEAM_NAME_MIN, TEAM_TAG_MAX } from './field-limits.ts';
import { historyMatchSchema } from './match-history.ts';
import { TEAMS_PER_PAGE } from './page-sizes.ts';
import { pageLinksSchema, pageMetaSchema, pageQuery } from './pagination.ts';
import {
  dataOf,
  idField,
  idParam,
  isoDateTime,
  messageAnswer,
  nameField,
  slugParam,
  stringField,
} from './primitives.ts';

export const teamSlugParams = z.object({ slug: slugParam('Team') });
export const kickParams = z.object({ slug: slugParam('Team'), userId: idParam('User') });
export const invitationIdParams = z.object({ id: idParam('Invitation') });

/** A team as other pages link to it. */
export const teamLinkSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    tag: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    /** `/team/{slug}` */
    url: z.string(),
  })
  .meta({ id: 'TeamLink' });
export type TeamLink = z.infer<typeof teamLinkSchema>;

/** `GET /api/v1/teams?page=n&search=text`: `search` matches a team's name or tag (case-insensitive). */
export const teamListQuery = pageQuery.extend({
  search: z
    .string({ error: 'The search field must be a string.' })
    .trim()
    .max(50, { error: 'The search field must not be greater than 50 characters.' })
    .optional()
    .meta({ description: "Part of a team's name or tag (case-insensitive); absent or empty: every team." }),
});

/** One team of the all-teams list. */
export const teamListItemSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    tag: z.string(),
    slug: z.string(),
    /** `/team/{slug}` */
    url: z.string(),
    image: z.string().nullable(),
    rating: z.number(),
    members: z.number(),
    /** The viewer is on this team (their teams come first). */
    isMember: z.boolean(),
    /** The viewer is this team's captain. */
    isCaptain: z.boolean(),
  })
  .meta({ id: 'TeamListItem' });
export type TeamListItem = z.infer<typeof teamListItemSchema>;

/** `GET /api/v1/teams`: every team, the viewer's own first, then by rating, then name. */
export const teamListAnswer = z
  .object({ data: z.array(teamListItemSchema), meta: pageMetaSchema, links: pageLinksSchema })
  .meta({
    id: 'TeamList',
    description: `Every team, the viewer's own first, then by rating; ${String(TEAMS_PER_PAGE)} a page.`,
  });
export type TeamList = z.infer<typeof teamListAnswer>;

export const rosterMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  /** Sanitized HTML. */
  formattedUsername: z.string(),
  image: z.string().nullable(),
  flag: z.string().nullable(),
  elo: z.number(),
  isCaptain: z.boolean(),
  joinedAt: isoDateTime,
  /** The viewer (the captain) may remove this member now. */
  canKick: z.boolean(),
  /** The viewer (the captain) may hand this member the captaincy. */
  canMakeCaptain: z.boolean(),
});
export type RosterMember = z.infer<typeof rosterMemberSchema>;

/** `GET /api/v1/teams/{slug}` */
export const teamPageSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    tag: z.string(),
    slug: z.string(),
    url: z.string(),
    image: z.string().nullable(),
    rating: z.number(),
    /** The rating model is still unsure of the team (σ above the provisional threshold). */
    ratingProvisional: z.boolean(),
    createdAt: isoDateTime,
    captain: z.object({ id: z.number(), username: z.string() }).nullable(),
    roster: z.array(rosterMemberSchema),
    /** The ladders the team stands on. */
    ladders: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        slug: z.string(),
        rating: z.number(),
        wins: z.number(),
        losses: z.number(),
        draws: z.number(),
      }),
    ),
    /** Final standings of the ladder seasons the team finished, newest first. */
    seasonHistory: z.array(
      z.object({
        ladder: z.object({ name: z.string(), slug: z.string(), url: z.string() }),
        season: z.object({ number: z.number(), name: z.string() }),
        rank: z.number(),
        rating: z.number(),
        wins: z.number(),
        losses: z.number(),
        draws: z.number(),
      }),
    ),
    recentMatches: z.array(historyMatchSchema),
    /** Only the captain sees who is invited; empty for everyone else. */
    pendingInvitations: z.array(
      z.object({
        id: z.number(),
        userId: z.number(),
        username: z.string(),
        invitedAt: isoDateTime,
        /** The viewer (the captain) may take this invitation back. */
        canWithdraw: z.boolean(),
      }),
    ),
    viewer: z.object({
      isMember: z.boolean(),
      isCaptain: z.boolean(),
      canInvite: z.boolean(),
      canLeave: z.boolean(),
      /** The viewer's own pending invitation to this team (they may accept or decline it), else null. */
      invitation: z
        .object({
          id: z.number(),
          /** The inviting captain's username (null when that account is gone). */
          invitedBy: z.string().nullable(),
        })
        .nullable(),
    }),
  })
  .meta({ id: 'TeamPage' });
export type TeamPage = z.infer<typeof teamPageSchema>;
export const teamPageAnswer = dataOf(teamPageSchema);

/** `POST /api/v1/teams`: the creator becomes the captain. */
export const createTeamBody = z.object({
  // Trimmed and NFKC-normalised before they are checked; invisible and bidi control characters refused.
  name: nameField('name', { min: TEAM_NAME_MIN, max: TEAM_NAME_MAX }),
  tag: nameField('tag', { max: TEAM_TAG_MAX }),
  /** The game the team plays; the first game (cod4) when absent. */
  gameId: idField.optional(),
});
export type CreateTeamInput = z.input<typeof createTeamBody>;

/** 201: where the new team lives. */
export const createTeamAnswer = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), slug: z.string(), url: z.string() }),
});
export type CreateTeamAnswer = z.infer<typeof createTeamAnswer>;

/** `POST /api/v1/teams/{slug}/leave`: the last member leaving disbands the team. */
export const leaveTeamAnswer = z.object({
  message: z.string(),
  data: z.object({ disbanded: z.boolean() }),
});
export type LeaveTeamAnswer = z.infer<typeof leaveTeamAnswer>;

/** `POST /api/v1/teams/{slug}/captain` */
export const captainBody = z.object({
  userId: z.coerce
    .number({ error: 'The user id field is required.' })
    .int({ error: 'The user id field must be an integer.' })
    .positive({ error: 'The user id field is required.' }),
});
export type CaptainInput = z.input<typeof captainBody>;

/** Kicking a member and transferring the captaincy answer the text only. */
export const teamCommandAnswer = messageAnswer;
export type TeamCommandAnswer = z.infer<typeof teamCommandAnswer>;

/** `cancelled`: the team was disbanded; `withdrawn`: the captain took it back before it was answered. */
export const invitationStatusSchema = z.enum(['pending', 'accepted', 'declined', 'cancelled', 'withdrawn']);

/** `POST /api/v1/teams/{slug}/invitations` (the captain invites a player by username). */
export const inviteBody = z.object({ username: stringField('username', { max: 200 }) });
export type InviteInput = z.input<typeof inviteBody>;

/** 201: the pending invitation. */
export const inviteAnswer = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), userId: z.number(), status: invitationStatusSchema }),
});
export type InviteAnswer = z.infer<typeof inviteAnswer>;

/** One of the signed-in user's pending invitations. */
export const invitationSchema = z
  .object({
    id: z.number(),
    status: invitationStatusSchema,
    createdAt: isoDateTime,
    /** The inviting captain's username (null when that account is gone). */
    invitedBy: z.string().nullable(),
    team: teamLinkSchema,
  })
  .meta({ id: 'TeamInvitation' });
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /api/v1/team-invitations` */
export const invitationsAnswer = dataOf(z.array(invitationSchema));

/** Accepting or declining answers the team, so the page can go there. */
export const answerInvitationAnswer = z.object({
  message: z.string(),
  data: z.object({ team: z.object({ id: z.number(), slug: z.string(), url: z.string() }) }),
});
export type AnswerInvitationAnswer = z.infer<typeof answerInvitationAnswer>;

/** `POST /api/v1/team-invitations/{id}/withdraw` (the captain takes a pending invitation back). */
export const withdrawInvitationAnswer = messageAnswer;
export type WithdrawInvitationAnswer = z.infer<typeof withdrawInvitationAnswer>;

// Map preferences (what a team bans and picks when its veto turn runs out) ----------------------------------

export const mapPreferencesParams = z.object({ slug: slugParam('Team'), mapPoolId: idParam('Map pool') });

const preferenceList = (what: string) =>
  z
    .array(
      z
        .number({ error: `The ${what} list must hold map ids.` })
        .int()
        .positive(),
      {
        error: `The ${what} field must be a list of map ids.`,
      },
    )
    .max(32, { error: `The ${what} list must not have more than 32 maps.` });

/** `PUT /api/v1/teams/{slug}/map-preferences/{mapPoolId}`: the maps to ban first and to pick first, in order. */
export const mapPreferencesBody = z.object({ ban: preferenceList('ban'), pick: preferenceList('pick') });

export const mapPoolPreferencesSchema = z
  .object({
    mapPoolId: z.number(),
    name: z.string(),
    /** The ladders and tournaments that veto from this pool. */
    competitions: z.array(z.string()),
    maps: z.array(z.object({ id: z.number(), name: z.string(), nameCmd: z.string() })),
    ban: z.array(z.number()),
    pick: z.array(z.number()),
  })
  .meta({ id: 'TeamMapPreferences' });
export type MapPoolPreferences = z.infer<typeof mapPoolPreferencesSchema>;

/** `GET /api/v1/teams/{slug}/map-preferences`: one entry per map pool of the ladders and tournaments. */
export const mapPreferencesAnswer = dataOf(
  z.object({ canEdit: z.boolean(), pools: z.array(mapPoolPreferencesSchema) }),
);
export type MapPreferencesAnswer = z.infer<typeof mapPreferencesAnswer>;

export const saveMapPreferencesAnswer = z.object({
  message: z.string(),
  data: mapPoolPreferencesSchema,
});
