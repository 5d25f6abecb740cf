import { useState } from 'react';
import type { MatchSummary } from '@versus/common/api/admin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAdminCancelMatch } from '../api/cancel-match';

const teams = (m: MatchSummary) => `${m.challengerTeamName ?? 'TBD'} vs ${m.opponentTeamName ?? 'TBD'}`;

/** Cancels an open match as an admin, after a styled confirmation that names the match and its teams. */
export function CancelMatchButton({ match }: { match: MatchSummary }) {
  const cancel = useAdminCancelMatch();
  const [asking, setAsking] = useState(false);
  const handleConfirm = () =>
    cancel.mutate(match.id, {
      onSuccess: (message) => notify.success(message),
      onError: (err) => notify.error(`An error has occurred: ${errorMessage(err)}`),
      onSettled: () => setAsking(false),
    });
  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => setAsking(true)}
        disabled={cancel.isPending}
        aria-label={`Cancel match #${match.id}`}
      >
        Cancel match
      </button>
      {asking && (
        <ConfirmDialog
          title={`Cancel match #${match.id}?`}
          message={`${teams(match)} ends for both teams and nobody plays it; the players are told. This cannot be undone.`}
          confirmLabel="Yes, cancel the match"
          busy={cancel.isPending}
          onConfirm={handleConfirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
