import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { useAnticheatTokenStatus, useRenewAnticheatToken } from '../api/anticheat-token';

/**
 * The anticheat client's token. Only its hash is stored, so a new token is shown once, right after it is
 * issued; "Renew" replaces the old one. A refusal shows above the button.
 */
export function AnticheatTokenPanel() {
  const status = useAnticheatTokenStatus();
  const renew = useRenewAnticheatToken();
  const [token, setToken] = useState<string | null>(null);

  const handleRenew = () => renew.mutate(undefined, { onSuccess: (value) => setToken(value) });

  return (
    <section className="form" aria-labelledby="anticheat-title">
      <h2 id="anticheat-title" className="section-title">
        Anticheat token
      </h2>
      <p className="muted">
        {status.data?.hasToken
          ? 'You have a token. Renewing it stops the old one from working.'
          : 'You have no token yet. The anticheat client needs one to report for you.'}
      </p>
      {token && (
        <div className="token-box" role="status">
          <p>Copy your new token now; it will not be shown again:</p>
          <code data-testid="anticheat-token">{token}</code>
        </div>
      )}
      <FormError error={renew.error} />
      <button
        type="button"
        className="button button-primary"
        onClick={handleRenew}
        disabled={renew.isPending}
      >
        {status.data?.hasToken ? 'Renew token' : 'Create token'}
      </button>
    </section>
  );
}
