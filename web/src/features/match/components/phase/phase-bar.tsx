import type { ReactNode } from 'react';
import { useNowSeconds } from '../../hooks/use-now';
import { useTurnTitle } from '../../hooks/use-turn-title';
import { formatClock, matchPhase, phaseTitle, type PhaseInput } from '../../utils/phase';

interface PhaseBarProps {
  input: Omit<PhaseInput, 'nowSeconds'>;
  /** The viewer's buttons for this phase (Ready, Accept, Decline, Cancel, ...). */
  children?: ReactNode;
}

/**
 * The top of the room: the status, the clock of the current phase, whose move it is, and the viewer's own
 * move, lit up when it is theirs (the tab title says so too).
 */
export function PhaseBar({ input, children }: PhaseBarProps) {
  const now = useNowSeconds(true);
  const phase = matchPhase({ ...input, nowSeconds: now });
  const { challenger, opponent } = input.detail.teams;
  useTurnTitle(phaseTitle(phase, challenger.name, opponent.name), phase.yourTurn);
  return (
    <section
      className={phase.yourTurn ? 'phase-bar phase-bar-your-turn' : 'phase-bar'}
      aria-label="Match phase"
    >
      <div className="phase-state">
        <p className="phase-name">{phase.name}</p>
        {phase.secondsLeft !== null && (
          <p className="phase-clock">
            <span className="visually-hidden">Time left: </span>
            {formatClock(phase.secondsLeft)}
          </p>
        )}
      </div>
      <p className="phase-turn" role="status">
        {phase.yourTurn ? <strong>Your turn – {phase.yourTurn}</strong> : phase.turn}
      </p>
      {children}
    </section>
  );
}
