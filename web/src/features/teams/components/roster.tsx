import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Flag } from '@/components/ui/flag';
import { SafeHtml } from '@/components/ui/safe-html';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useKickMember } from '../api/kick-member';
import { useTransferCaptain } from '../api/transfer-captain';
import type { RosterMember } from '@versus/common/api/teams';

/** The roster with the captain marked in words; the captain gets Kick and Make captain per member. */
export function Roster({ slug, roster }: { slug: string; roster: RosterMember[] }) {
  const kick = useKickMember(slug);
  const transfer = useTransferCaptain(slug);
  const toasts = {
    onSuccess: (message: string) => notify.success(message),
    onError: (err: Error) => notify.error(errorMessage(err)),
  };
  const handleKick = (member: RosterMember) => {
    if (window.confirm(`Remove ${member.username} from the team?`)) kick.mutate(member.id, toasts);
  };
  const handleTransfer = (member: RosterMember) => {
    if (window.confirm(`Make ${member.username} the captain? You stay in the team as a player.`))
      transfer.mutate(member.id, toasts);
  };
  return (
    <ul className="roster" aria-label="Roster">
      {roster.map((member) => (
        <li key={member.id} className="roster-row">
          <Avatar src={member.image} />
          <Flag code={member.flag} />
          <Link to={`/user/${encodeURIComponent(member.username)}`} aria-label={member.username}>
            <SafeHtml html={member.formattedUsername} />
          </Link>
          {member.isCaptain && <span className="status-badge">Captain</span>}
          <span className="muted">rating {Math.round(member.elo)}</span>
          <span className="roster-actions">
            {member.canMakeCaptain && (
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => handleTransfer(member)}
                disabled={transfer.isPending}
                aria-label={`Make ${member.username} captain`}
              >
                Make captain
              </button>
            )}
            {member.canKick && (
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => handleKick(member)}
                disabled={kick.isPending}
                aria-label={`Kick ${member.username}`}
              >
                Kick
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
