import { useState } from 'react';
import type { TeamPage } from '@versus/common/api/teams';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAnswerInvitation } from '../api/answer-invitation';

interface InvitationBannerProps {
  team: Pick<TeamPage, 'name' | 'viewer'>;
}

/**
 * What the invited player sees on the team page (where the invitation's notification leads): "You are
 * invited" with Accept and Decline. A refusal (the captain withdrew it meanwhile) stays in place, in words.
 */
export function InvitationBanner({ team }: InvitationBannerProps) {
  const answer = useAnswerInvitation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const invitation = team.viewer.invitation;
  if (!invitation && !refusal) return null;

  const handleAnswer = (accept: boolean) => {
    if (!invitation) return;
    setRefusal(null);
    answer.mutate(
      { id: invitation.id, accept },
      {
        onSuccess: ({ message }) => notify.success(message),
        onError: (err) => setRefusal(errorMessage(err)),
      },
    );
  };

  return (
    <section className="card invitation-banner" aria-label="Your invitation">
      {invitation && (
        <>
          <p className="invitation-banner-text">
            <strong>You are invited</strong> to join {team.name}
            {invitation.invitedBy && <span className="muted"> by {invitation.invitedBy}</span>}.
          </p>
          <div className="invitation-banner-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => handleAnswer(true)}
              disabled={answer.isPending}
            >
              Accept
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => handleAnswer(false)}
              disabled={answer.isPending}
            >
              Decline
            </button>
          </div>
        </>
      )}
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}
