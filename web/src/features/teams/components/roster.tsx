import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Flag } from '@/components/ui/flag';
import { SafeHtml } from '@/components/ui/safe-html';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useKickMember } from '../api/kick-member';
import { useTransferCaptain } from '../api/transfer-captain';
import type { RosterMember } from '@versus/common/api/teams';

/** A roster change the captain is asked about first. */
type Question = { action: 'kick' | 'transfer'; member: RosterMember };

/**
 * The roster with the captain marked in words; the captain gets Kick and Make captain per member, each asked
 * first in a confirmation dialog.
 */
export function Roster({ slug, roster }: { slug: string; roster: RosterMember[] }) {
  const kick = useKickMember(slug);
  const transfer = useTransferCaptain(slug);
  const [asking, setAsking] = useState<Question | null>(null);
  const toasts = {
    onSuccess: (message: string) => notify.success(message),
    onError: (err: Error) => notify.error(errorMessage(err)),
  };
  const handleConfirm = () => {
    if (!asking) return;
    setAsking(null);
    if (asking.action === 'kick') kick.mutate(asking.member.id, toasts);
    else transfer.mutate(asking.member.id, toasts);
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
                onClick={() => setAsking({ action: 'transfer', member })}
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
                onClick={() => setAsking({ action: 'kick', member })}
                disabled={kick.isPending}
                aria-label={`Kick ${member.username}`}
              >
                Kick
              </button>
            )}
          </span>
        </li>
      ))}
      {/* The dialogs render in a portal on <body>: nothing is added to the list. */}
      {asking?.action === 'kick' && (
        <ConfirmDialog
          title={`Kick ${asking.member.username}?`}
          message={`${asking.member.username} is removed from the team at once and has to be invited again to come back.`}
          confirmLabel="Yes, kick"
          onConfirm={handleConfirm}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking?.action === 'transfer' && (
        <ConfirmDialog
          title={`Make ${asking.member.username} the captain?`}
          message={`${asking.member.username} leads the team from now on. You stay in the team as a player.`}
          confirmLabel="Yes, make captain"
          tone="primary"
          onConfirm={handleConfirm}
          onCancel={() => setAsking(null)}
        />
      )}
    </ul>
  );
}
