import { Link } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { UserMenu } from '@/features/auth/components/user-menu';
import { OpenPanels, PanelToggles, useHeaderPanels } from './header-panels';

/** Always visible: the brand, the panel toggles for signed-in users, and the account corner. */
export function Header() {
  const { data: user } = useMe();
  const panels = useHeaderPanels();
  return (
    <header className="site-header">
      <div className="header-bar">
        <Link className="brand" to="/">
          Versus
        </Link>
        {user && <PanelToggles panels={panels} />}
        <UserMenu />
      </div>
      {user && <OpenPanels panels={panels} />}
    </header>
  );
}
