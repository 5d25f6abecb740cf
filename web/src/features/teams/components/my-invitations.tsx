import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAnswerInvitation } from '../api/answer-invitation';
import { useMyInvitations } from '../api/get-my-invitations';

/** The signed-in user's pending team invitations with Accept and Decline; accepting opens the team. */
export function MyInvitations() {
  const query = useMyInvitations();
  const answer = useAnswerInvitation();
  const navigate = useNavigate();

  const handleAnswer = (id: number, accept: boolean) =>
    answer.mutate(
      { id, accept },
      {
        onSuccess: ({ message, url }) => {
          notify.success(message);
          if (accept) void navigate(url);
        },
        onError: (err) => notify.error(errorMessage(err)),
      },
    );

  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) return <p>Your invitations could not be loaded.</p>;
  if (query.data.length === 0) return <p className="muted">You have no pending invitations.</p>;
  return (
    <ul className="plain-list" aria-label="Team invitations">
      {query.data.map((inv) => (
        <li key={inv.id} className="invitation">
          <span>
            <Link to={inv.team.url}>
              [{inv.team.tag}] {inv.team.name}
            </Link>
            {inv.invitedBy && <span className="muted"> invited by {inv.invitedBy}</span>}
          </span>
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => handleAnswer(inv.id, true)}
            disabled={answer.isPending}
            aria-label={`Accept invitation to ${inv.team.name}`}
          >
            Accept
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => handleAnswer(inv.id, false)}
            disabled={answer.isPending}
            aria-label={`Decline invitation to ${inv.team.name}`}
          >
            Decline
          </button>
        </li>
      ))}
    </ul>
  );
}
