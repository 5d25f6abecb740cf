import { lazy, Suspense, useState } from 'react';
import { useStatusCommand, type StatusCommand } from '../../api/status-commands';
import type { StatusActions } from '@versus/common/api/matches';

// Loaded on the first click that asks: most visits never do.
const ConfirmDialog = lazy(async () => ({
  default: (await import('@/components/ui/confirm-dialog')).ConfirmDialog,
}));

interface StatusButtonsProps {
  matchId: number;
  actions: StatusActions;
}

interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
}

/** Decline and Cancel end the match for both teams: they ask first. */
const CONFIRM: Record<string, Confirmation> = {
  Decline: {
    title: 'Decline this match?',
    message: 'The match is cancelled for both teams. This cannot be undone.',
    confirmLabel: 'Yes, decline',
  },
  Cancel: {
    title: 'Cancel this match?',
    message: 'The match ends for both teams and nobody plays it. This cannot be undone.',
    confirmLabel: 'Yes, end the match',
  },
};

/** Ready / Not ready / Decline / Cancel (and Accept) as the server's flags allow, and why Accept/Ready is not. */
export function StatusButtons({ matchId, actions }: StatusButtonsProps) {
  const command = useStatusCommand(matchId);
  const [asking, setAsking] = useState<string | null>(null);
  const buttons: { label: string; command: StatusCommand; shown: boolean; kind: string }[] = [
    { label: 'Accept', command: 'accept', shown: actions.canAcceptMatch === true, kind: 'button-primary' },
    { label: 'Ready', command: 'ready', shown: actions.canSetReady, kind: 'button-primary' },
    { label: 'Not ready', command: 'not-ready', shown: actions.canSetUnready, kind: 'button-ghost' },
    { label: 'Decline', command: 'cancel', shown: actions.canDeclineMatch, kind: 'button-danger' },
    { label: 'Cancel', command: 'cancel', shown: actions.canCancelMatch, kind: 'button-danger' },
  ];
  const shown = buttons.filter((b) => b.shown);
  // Why Accept or Ready is not offered (a team too small, a player in another match): the server's words.
  const blocked = actions.blockedReason;
  if (shown.length === 0 && !blocked) return null;
  const confirmation = asking ? CONFIRM[asking] : undefined;
  const handleClick = (label: string, run: StatusCommand) => {
    if (CONFIRM[label]) setAsking(label);
    else command.mutate(run);
  };
  return (
    <div className="status-buttons" role="group" aria-label="Match actions">
      {blocked && (
        <p className="status-blocked" role="status">
          {blocked}
        </p>
      )}
      {shown.map((b) => (
        <button
          key={b.label}
          type="button"
          className={`button ${b.kind}`}
          disabled={command.isPending}
          onClick={() => handleClick(b.label, b.command)}
        >
          {b.label}
        </button>
      ))}
      {confirmation && (
        <Suspense fallback={null}>
          <ConfirmDialog
            {...confirmation}
            onCancel={() => setAsking(null)}
            onConfirm={() => {
              setAsking(null);
              command.mutate('cancel');
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
