import { useState } from 'react';
import { Link } from 'react-router';
import type { TeamPage } from '@versus/common/api/teams';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useWithdrawInvitation } from '../api/withdraw-invitation';

interface PendingInvitationsProps {
  slug: string;
  invitations: TeamPage['pendingInvitations'];
}

/** The captain's list of invitations not answered yet, each with Withdraw. */
export function PendingInvitations({ slug, invitations }: PendingInvitationsProps) {
  const withdraw = useWithdrawInvitation(slug);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (invitations.length === 0 && !refusal) return null;

  const handleWithdraw = (id: number) => {
    setRefusal(null);
    withdraw.mutate(id, {
      onSuccess: (message) => notify.success(message),
      onError: (err) => setRefusal(errorMessage(err)),
    });
  };

  return (
    <div className="pending-invitations">
      <h3 className="pending-invitations-title">Pending invitations</h3>
      <ul className="plain-list" aria-label="Pending invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="pending-invitation">
            <Link to={`/user/${encodeURIComponent(invitation.username)}`}>{invitation.username}</Link>
            <time className="muted" dateTime={invitation.invitedAt}>
              invited {new Date(invitation.invitedAt).toLocaleDateString()}
            </time>
            {invitation.canWithdraw && (
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => handleWithdraw(invitation.id)}
                disabled={withdraw.isPending}
                aria-label={`Withdraw the invitation of ${invitation.username}`}
              >
                Withdraw
              </button>
            )}
          </li>
        ))}
      </ul>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
