import type { EnteredScore, ServerLogView } from '@versus/common/api/scores';

const pair = (first: number | null, second: number | null) =>
  `${first === null ? '–' : String(first)}-${second === null ? '–' : String(second)}`;

/** The log's score of a map for the form's "Server log" column: `13-7`, `4-1 (in play)`, or a dash. */
export function serverLogCell(log: ServerLogView, mapId: number): string {
  const map = log.maps.find((m) => m.id === mapId);
  if (!map) return '–';
  return map.live
    ? `${pair(map.firstScore, map.secondScore)} (in play)`
    : pair(map.firstScore, map.secondScore);
}

/** The maps whose entered score is not the log's, as "Server log: 13-7, entered: 13-3" lines. */
function differingLines(log: ServerLogView, entered: readonly EnteredScore[]): string[] {
  const lines = entered.flatMap((e) => {
    const map = log.maps.find((m) => m.id === e.id);
    const same = map && map.firstScore === e.firstScore && map.secondScore === e.secondScore;
    if (same || (!map && e.firstScore === null && e.secondScore === null)) return [];
    const server = map ? pair(map.firstScore, map.secondScore) : 'none';
    return [
      { name: e.mapName, text: `Server log: ${server}, entered: ${pair(e.firstScore, e.secondScore)}` },
    ];
  });
  return lines.map((l) => (entered.length > 1 ? `${l.name}: ${l.text}` : l.text));
}

/**
 * What the game server's log means for this score, under the form: a map in play (no score yet), the log's
 * result against the entered score side by side, or that submitting the log's result finishes the match.
 */
export function ServerLogNotes({
  log,
  entered,
  scoreEntered,
  canSubmit,
  canApprove,
  hideLive,
}: {
  log: ServerLogView;
  entered: readonly EnteredScore[];
  /** A captain's score is waiting for approval (the form's rows are that score, not the log's proposal). */
  scoreEntered: boolean;
  canSubmit: boolean;
  /** The viewer answers the entered score (the other side's captain, or an admin). */
  canApprove: boolean;
  /** A refusal shown under the form already says the map is in play. */
  hideLive: boolean;
}) {
  const live = log.maps.find((m) => m.live);
  if (live) {
    if (hideLive) return null;
    return (
      <p className="score-log-note score-log-live">
        {live.mapName} is being played on the game server (server log:{' '}
        <span className="score-pair">{pair(live.firstScore, live.secondScore)}</span>). The score can be
        entered when the map has ended.
      </p>
    );
  }
  if (scoreEntered && log.differs) {
    return (
      <div className="score-log-note score-log-differs" role="note" aria-label="Server log and entered score">
        {differingLines(log, entered).map((line) => (
          <p key={line} className="score-log-compare">
            {line}
          </p>
        ))}
        <p>
          {canApprove
            ? "The entered score differs from the game server's log. Approving keeps the entered score; without an answer, the server log's score is taken when the approval time ends."
            : "The entered score differs from the game server's log. It counts only if the other captain approves it; without an answer, the server log's score is taken when the approval time ends."}
        </p>
      </div>
    );
  }
  if (log.hasResult && canSubmit) {
    return (
      <p className="score-log-note">
        The game server&apos;s log has the result. Submitting the same score finishes the match; a different
        score needs the other captain&apos;s approval.
      </p>
    );
  }
  return null;
}
