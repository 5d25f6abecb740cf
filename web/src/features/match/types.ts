// Answer shapes of the match room's endpoints (server/src/modules/matches/*.presenter.ts). The veto match
// and chat messages are the realtime payload types, so an answer and its broadcast cannot differ.
import type { ChatMessagePayload, PresenceUserInfo, VetoMatchPayload } from '@versus/common/realtime';

/** A map of the veto; `mapIndex` (the veto step) is null while the map is still in play. */
export type VetoMapEntry = Omit<VetoMatchPayload['maps'][number], 'mapIndex'> & { mapIndex: number | null };
export type VetoMatch = Omit<VetoMatchPayload, 'maps'> & { maps: VetoMapEntry[] };
export type ChatMessage = ChatMessagePayload;
export type OnlineUser = PresenceUserInfo;

export type MatchType = 'solo-queue' | 'ladder' | 'tournament';

export interface MatchPlayer {
  id: number;
  username: string;
  image: string | null;
  flag: string | null;
  /** Server-sanitized HTML. */
  formattedUsername: string;
  /** Server-sanitized HTML. */
  formattedClassName: string | null;
  elo: number | null;
  config: string | null;
}

export interface MatchTeam {
  name: string;
  side: string;
  ready: boolean;
  slug: string | null;
  elo: number;
  players: MatchPlayer[];
}

export interface ScoreTeam {
  name: string;
  url: string | null;
  score: number | null;
  scoreClass: string;
  winElo: number;
  lossElo: number;
}

/** `GET /api/v1/match-detail/{id}`. */
export interface MatchDetail {
  id: number;
  type: MatchType;
  statusId: number;
  bestOf: number;
  /** Matches with an id at or above this use the newer veto badge wording. */
  newMatchHandling: number;
  /** Whether the viewer may write in the chat; older servers leave it out (read as false). */
  canType?: boolean;
  teams: { challenger: MatchTeam; opponent: MatchTeam };
  information: {
    startTitle: string;
    startDate: string;
    playerBaseCount: string;
    mapSelection: string;
    statusName: string;
  };
  score: {
    challengerTeam: ScoreTeam;
    opponentTeam: ScoreTeam;
    canShowElo: boolean;
    canShowScore: boolean;
    label: { title: string; url: string | null };
  };
}

/** `GET /api/v1/match-detail/status/{id}/actions`. */
export interface StatusActions {
  canSetReady: boolean;
  canSetUnready: boolean;
  canDeclineMatch: boolean;
  canCancelMatch: boolean;
  canAcceptMatch?: boolean;
}
