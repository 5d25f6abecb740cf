import { POOL_TEAM_ID } from '@versus/common/match/state';
import type { PickData, PickUser } from '@versus/common/realtime';
import { Avatar } from '@/components/ui/avatar';
import { FormError } from '@/components/ui/form-error';
import { UNKNOWN_PICK_ERROR, useSelectPlayer } from '../../api/select-player';
import { useNowSeconds } from '../../hooks/use-now';
import { notify } from '@/lib/notify';
import { pickClickRefusal, pickStatus } from '../../utils/pick-status';

function nameStyle(user: PickUser) {
  return { color: user.color ?? undefined, backgroundColor: user.backgroundColor ?? undefined };
}

function TeamMembers({ title, users }: { title: string; users: PickUser[] }) {
  return (
    <section className="picker-team" aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {users.map((u) => (
          <li key={u.id} className="picker-member">
            <Avatar src={u.image} size={24} />
            <span style={nameStyle(u)}>{u.username}</span>
            {u.className && <span className="muted"> ({u.className})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface PickBodyProps {
  matchId: number;
  pick: PickData;
  /** The viewer; null when signed out. */
  userId: number | null;
}

export function PickBody({ matchId, pick, userId }: PickBodyProps) {
  const now = useNowSeconds(true);
  const status = pickStatus(pick, now);
  const select = useSelectPlayer(matchId);
  const pool = pick.users.filter((u) => u.teamId === POOL_TEAM_ID);
  const team = (teamId: number) => pick.users.filter((u) => u.teamId === teamId);

  // A pick is ignored while picking is locked (the system picks, or picking is over); a click the pick rule
  // refuses (not a captain, not their turn) shows the server's text without a request.
  const handlePick = (user: PickUser) => {
    if (status.locked || select.isPending) return;
    const refusal = pickClickRefusal(pick, user, userId, now);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    select.mutate(user.id);
  };

  return (
    <>
      <p className="picker-status" role="status">
        {status.text}
      </p>
      <div className="picker-teams">
        <TeamMembers
          title={`Team ${pick.challengerUser?.username ?? 'A'}`}
          users={team(pick.challengerTeamId)}
        />
        <TeamMembers title={`Team ${pick.opponentUser?.username ?? 'B'}`} users={team(pick.opponentTeamId)} />
      </div>
      <h3>Selectable players</h3>
      <p className="muted">Click on the player you wish to select.</p>
      {/* A refused pick, in the dialog as well as the spec's error toast. */}
      <FormError error={select.error} fallback={UNKNOWN_PICK_ERROR} />
      <ul className="picker-pool">
        {pool.map((u) => (
          <li key={u.id}>
            <button
              type="button"
              className="picker-player"
              aria-disabled={status.locked}
              aria-label={`Select ${u.username}${u.className ? ` (${u.className})` : ''}, rating ${u.elo}`}
              onClick={() => handlePick(u)}
            >
              <Avatar src={u.image} size={48} />
              <span className="picker-player-name" style={nameStyle(u)}>
                {u.username}
              </span>
              {u.className && <span className="muted">{u.className}</span>}
              <span className="picker-player-elo">{u.elo}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
