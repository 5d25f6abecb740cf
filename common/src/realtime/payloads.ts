// Shapes carried by realtime events (spec section 3). When the API's zod schemas land in common/,
// these become `z.infer` aliases of the same shapes so an answer and its broadcast cannot differ.

/** What a presence member's `user_info` holds (the "Online users" list). Under 1 KB when serialised. */
export interface PresenceUserInfo {
  id: number;
  uuid: string;
  username: string;
  image: string | null;
  /** Sanitized HTML. */
  formattedUsername: string;
}

export interface ChatMessagePayload {
  id: number;
  message: string;
  user: { image: string | null; username: string; formattedUsername: string };
  createdAt: string;
}

export interface NotificationPayload {
  id: number | string;
  /** Sanitized HTML. */
  message: string;
  createdAt: string;
  createdAtTime: string;
  data: { redirectUrl: string | null };
}

export interface VetoMapEntryPayload {
  id: number;
  map: { name: string; name_cmd: string; image: string };
  pickedByTeamId: number | null;
  pickedByTeamName: string | null;
  /** -1 = banned by the system. */
  removedByTeamId: number | null;
  removedByTeamName: string | null;
  deciderMap: boolean;
  mapOrder: number | null;
  mapIndex: number;
}

export interface VetoMatchPayload {
  id: number;
  statusId: number;
  detail: unknown;
  scores: unknown;
  /** Unix seconds: deadline of the current veto turn, null while the auto-veto starts. */
  timeRemaining: number | null;
  maps: VetoMapEntryPayload[];
  challengerTeam: { id: number; tag: string } | null;
  opponentTeam: { id: number; tag: string } | null;
  challengerUser: { id: number; username: string } | null;
  opponentUser: { id: number; username: string } | null;
  vetoDetail: { userId: number; teamId: number; step: 'ban' | 'pick' } | null;
}

export interface LocationVotePayload {
  matchId: number;
  /** Location id. */
  id: number;
  votes: number;
}
