import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Flag } from '@/components/ui/flag';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { useAddSub, useSubCandidates } from '../../api/subs';

/**
 * The Add Sub dialog: the bench, and which lineup player the sub replaces. A refused add is said in the
 * dialog above the list (and as the spec's "An error has occurred: ..." toast).
 */
export function AddSubModal({ matchId, onClose }: { matchId: number; onClose: () => void }) {
  const candidates = useSubCandidates(matchId);
  const add = useAddSub(matchId);
  const list = candidates.data?.candidates;
  const replaceable = candidates.data?.replaceable ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  // A sub replaces a named lineup player, one for one: the first one until the captain picks another.
  const replaces = chosen ?? replaceable[0]?.id ?? null;
  return (
    <Modal title="Available Players" onClose={onClose}>
      {list && list.length > 0 && replaceable.length > 0 && (
        <label className="field sub-replaces">
          <span>Replaces</span>
          <select
            className="field-input"
            value={replaces ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {replaceable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.username}
              </option>
            ))}
          </select>
        </label>
      )}
      <FormError error={add.error} />
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
                disabled={add.isPending || replaces === null}
                onClick={() => replaces !== null && add.mutate({ userId: c.id, replacesUserId: replaces })}
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
