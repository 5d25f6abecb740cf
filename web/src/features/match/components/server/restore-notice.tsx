import { formatDate } from '@/lib/format-date';
import { useRestoreMap, type MatchRestore } from '../../api/match-server';

/** Why the map was restored, as the room says it. */
export const RESTORE_REASON_TEXTS: Record<MatchRestore['reason'], string> = {
  crash: 'after a server crash',
  moved: 'after the match moved to another server',
  admin: 'restarted by an admin',
};

/** "Map restored at 7:5 after a server crash" (challenger's rounds first) and when. */
export function RestoreNotice({ restore }: { restore: MatchRestore }) {
  return (
    <p className="server-restore" role="status">
      Map restored at {restore.firstScore}:{restore.secondScore} {RESTORE_REASON_TEXTS[restore.reason]}{' '}
      <time dateTime={restore.at} className="muted">
        ({formatDate(restore.at, 'dateTime')})
      </time>
    </p>
  );
}

/** Admins: the match's server restarts the map it is playing at the log's score. */
export function RestoreMapButton({ matchId }: { matchId: number }) {
  const restore = useRestoreMap(matchId);
  return (
    <button
      type="button"
      className="button server-restore-button"
      disabled={restore.isPending}
      onClick={() => {
        if (window.confirm('Restart the map at the score? The players rejoin the restarted map.')) {
          restore.mutate();
        }
      }}
    >
      Restart the map at the score
    </button>
  );
}
