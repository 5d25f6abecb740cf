import type { CurrentUser } from '@versus/common/api/users';
import { AnticheatTokenPanel } from './anticheat-token-panel';
import { ApiTokensPanel } from './api-tokens-panel';
import { AvatarForm } from './avatar-form';
import { CalendarPanel } from './calendar-panel';
import { CountryForm } from './country-form';
import { PasswordForm } from './password-form';
import { PlayerIdForm } from './player-id-form';
import { SessionsPanel } from './sessions-panel';
import { TurnAlertsForm } from './turn-alerts-form';

/** `/settings`: avatar, country, password, CoD4x player id and the anticheat token of the signed-in user,
 * personal API tokens,
 * the match room's turn alerts (kept in this browser) and sign out everywhere. */
export function SettingsPage({
  user,
}: {
  user: Pick<CurrentUser, 'id' | 'username' | 'image' | 'flag' | 'role'>;
}) {
  return (
    <div className="settings">
      <h1>Settings</h1>
      <div className="settings-grid">
        <div className="card">
          <AvatarForm image={user.image} />
        </div>
        <div className="card">
          <CountryForm key={user.flag ?? ''} flag={user.flag} />
        </div>
        <div className="card">
          <PasswordForm />
        </div>
        <div className="card">
          <PlayerIdForm />
        </div>
        <div className="card">
          <AnticheatTokenPanel />
        </div>
        <div className="card">
          <ApiTokensPanel canMakeAdminTokens={user.role === 'admin'} />
        </div>
        <div className="card">
          <CalendarPanel />
        </div>
        <div className="card">
          <TurnAlertsForm />
          <SessionsPanel />
        </div>
      </div>
    </div>
  );
}
