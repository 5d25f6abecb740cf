import type { Demo, MatchDemos } from '@versus/common/api/demos';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage, errorStatus } from '@/lib/api-error';

/** Each map's demos of the match (its players and admins); under the match's keys, so room updates refetch. */
export function useMatchDemos(matchId: number) {
  return useQuery({
    queryKey: ['match', matchId, 'demos'] as const,
    queryFn: async () =>
      (await apiClient.get<{ data: MatchDemos }>(`/api/v1/match/${matchId}/demos`)).data.data,
  });
}

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function player(demo: Demo): string {
  return [demo.username, demo.inGameName].filter(Boolean).join(' - ') || demo.playerId || 'Unknown player';
}

/**
 * The match's server-side demos, per map (the room's Match Overview and the dispute ticket page): player, size, download. Hidden from those who may not see them. */
export function DemosList({ matchId }: { matchId: number }) {
  const demos = useMatchDemos(matchId);
  if (demos.isError) {
    const status = errorStatus(demos.error);
    if (status === 401 || status === 403) return null;
    return <p role="alert">{errorMessage(demos.error)}</p>;
  }
  return (
    <section className="demos" aria-labelledby={`demos-${matchId}`}>
      <h3 id={`demos-${matchId}`} className="section-title">
        Demos
      </h3>
      {!demos.data ? (
        <p className="muted">Loading ...</p>
      ) : demos.data.length === 0 ? (
        <p className="muted">No demos yet: each map&apos;s demos are listed when it ends.</p>
      ) : (
        demos.data.map((group) => (
          <div key={group.mapName ?? 'unknown'}>
            <h4>{group.mapTitle ?? group.mapName ?? 'Unknown map'}</h4>
            <ul className="plain-list">
              {group.demos.map((demo) => (
                <li key={demo.id}>
                  {player(demo)} · {size(demo.sizeBytes)} ·{' '}
                  <a href={demo.downloadUrl} download>
                    Download
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
