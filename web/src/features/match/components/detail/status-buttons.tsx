import { useStatusCommand, type StatusCommand } from '../../api/status-commands';
import type { StatusActions } from '../../types';

interface StatusButtonsProps {
  matchId: number;
  actions: StatusActions;
}

/** Ready / Not ready / Decline / Cancel (and Accept) as the server's flags allow. */
export function StatusButtons({ matchId, actions }: StatusButtonsProps) {
  const command = useStatusCommand(matchId);
  const buttons: { label: string; command: StatusCommand; shown: boolean; kind: string }[] = [
    { label: 'Accept', command: 'accept', shown: actions.canAcceptMatch === true, kind: 'button-primary' },
    { label: 'Ready', command: 'ready', shown: actions.canSetReady, kind: 'button-primary' },
    { label: 'Not ready', command: 'not-ready', shown: actions.canSetUnready, kind: 'button-ghost' },
    { label: 'Decline', command: 'cancel', shown: actions.canDeclineMatch, kind: 'button-danger' },
    { label: 'Cancel', command: 'cancel', shown: actions.canCancelMatch, kind: 'button-danger' },
  ];
  const shown = buttons.filter((b) => b.shown);
  if (shown.length === 0) return null;
  return (
    <div className="status-buttons" role="group" aria-label="Match actions">
      {shown.map((b) => (
        <button
          key={b.label}
          type="button"
          className={`button ${b.kind}`}
          disabled={command.isPending}
          onClick={() => command.mutate(b.command)}
        >
          {b.label}
        </button>
      ))}
    </div>
  );
}
