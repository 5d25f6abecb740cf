import type { ApiTokenScope } from '@versus/common/api/api-tokens';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Personal API tokens for bots and stream overlays: read-only, sent as `Authorization: Bearer …`. A new token
 * is shown once, right after it is made; "Revoke" stops one at once. Admins may give a token the admin scope.
 */
export function ApiTokensPanel({ canMakeAdminTokens }: { canMakeAdminTokens: boolean }) {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [nameError, setNameError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(
      { name, scope },
      {
        onSuccess: (made) => {
          setNameError(null);
          setName('');
          setShown(made.token);
        },
        onError: (err) => setNameError(fieldErrors(err)?.name?.[0] ?? null),
      },
    );
  };

  const handleRevoke = (id: number) =>
    revoke.mutate(id, {
      onSuccess: (message) => notify.success(message),
      onError: (err) => notify.error(errorMessage(err)),
    });

  return (
    <section className="form" aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title" className="section-title">
        API tokens
      </h2>
      <p className="muted">
        Read-only tokens for your bots and stream overlays: send one as <code>Authorization: Bearer …</code>.
        They read what you can read and never change anything. See the <a href="/api/docs">API reference</a>.
      </p>
      {shown && (
        <div className="token-box" role="status">
          <p>Copy your new token now; it will not be shown again:</p>
          <code data-testid="api-token">{shown}</code>
        </div>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <ul className="api-token-list" aria-label="Your API tokens">
          {tokens.data.map((token) => (
            <li key={token.id} className="api-token">
              <div>
                <strong>{token.name}</strong> <span className="muted">{token.hint}</span>
                {token.scope === 'admin' && <span className="tag">admin</span>}
                <div className="muted">
                  Made {when(token.createdAt)} ·{' '}
                  {token.lastUsedAt ? `last used ${when(token.lastUsedAt)}` : 'never used'}
                </div>
              </div>
              <button
                type="button"
                className="button button-danger"
                onClick={() => handleRevoke(token.id)}
                disabled={revoke.isPending}
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={handleSubmit} className="form" aria-label="Make an API token">
        <div className="field">
          <label className="field-label" htmlFor="api-token-name">
            Token name
          </label>
          <input
            id="api-token-name"
            className="field-input"
            value={name}
            maxLength={60}
            placeholder="Stream overlay"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'api-token-name-error' : undefined}
          />
          {nameError && (
            <p id="api-token-name-error" className="field-error">
              {nameError}
            </p>
          )}
        </div>
        {canMakeAdminTokens && (
          <div className="field">
            <label className="field-label" htmlFor="api-token-scope">
              Scope
            </label>
            <select
              id="api-token-scope"
              className="field-input"
              value={scope}
              onChange={(e) => setScope(e.target.value === 'admin' ? 'admin' : 'read')}
            >
              <option value="read">Read as a player</option>
              <option value="admin">Read the admin area too</option>
            </select>
          </div>
        )}
        {!nameError && <FormError error={create.error} />}
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          Make token
        </button>
      </form>
    </section>
  );
}
