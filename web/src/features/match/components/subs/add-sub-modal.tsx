import { Avatar } from '@/components/ui/avatar';
import { Flag } from '@/components/ui/flag';
import { Modal } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { useAddSub, useSubCandidates } from '../../api/subs';

export function AddSubModal({ matchId, onClose }: { matchId: number; onClose: () => void }) {
  const candidates = useSubCandidates(matchId);
  const add = useAddSub(matchId);
  const list = candidates.data;
  return (
    <Modal title="Available Players" onClose={onClose}>
      {!list ? (
        <p className="muted">Loading ...</p>
      ) : list.length === 0 ? (
        <p>{"There aren't any available players to add!"}</p>
      ) : (
        <ul className="sub-list">
          {list.map((c) => (
            <li key={c.id} className="sub-row">
              <Avatar src={c.image} />
              <Flag code={c.flag} />
              <SafeHtml className="player-name" html={c.formattedUsername} />
              <button
                type="button"
                className="button button-primary button-small"
                aria-label={`Add ${c.username}`}
                disabled={add.isPending}
                onClick={() => add.mutate(c.id)}
              >
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
