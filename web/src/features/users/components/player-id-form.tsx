import type { FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { useFormErrors } from '@/hooks/use-form-errors';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { usePlayerIds, useSavePlayerId } from '../api/player-ids';

const GAME = 'cod4';
const FIELDS = ['playerId'] as const;

/**
 * The CoD4x player id (the `playerid` column of the server's `status`): match servers let in only the ids
 * of the match's players, and statistics are credited by it. Only the owner (here) or an admin binds it.
 */
export function PlayerIdForm() {
  const query = usePlayerIds();
  const save = useSavePlayerId();
  const { fieldProps, handleError, reset, formMessages } = useFormErrors(FIELDS);
  const current = query.data?.find((b) => b.game.slug === GAME);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const playerId = formText(new FormData(event.currentTarget), 'playerId').trim();
    reset();
    save.mutate(
      { game: GAME, playerId },
      { onSuccess: () => notify.success('Your player id was saved.'), onError: handleError },
    );
  };

  const handleRemove = () => {
    reset();
    save.mutate({ game: GAME, playerId: null }, { onError: handleError });
  };

  return (
    <form className="form" onSubmit={handleSubmit} aria-labelledby="player-id-title">
      <h2 id="player-id-title" className="section-title">
        CoD4x player id
      </h2>
      <p className="muted">
        Type <code>status</code> in the CoD4 console on any CoD4x server: your id is in the playerid column.
        Match servers only let in the match&apos;s players by this id.
      </p>
      <FormField
        key={current?.playerId ?? ''}
        label="Player id"
        {...fieldProps('playerId')}
        placeholder="[U:1:12345678]"
        defaultValue={current?.playerId ?? ''}
        required
      />
      <FormError messages={formMessages} />
      {current?.source === 'admin' && <p className="muted">Set by an admin.</p>}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save player id
        </button>
        {current && (
          <button
            type="button"
            className="button button-ghost"
            disabled={save.isPending}
            onClick={handleRemove}
          >
            Remove
          </button>
        )}
      </div>
    </form>
  );
}
