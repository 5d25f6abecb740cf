import { useEffect, useRef } from 'react';

const APP_TITLE = 'Versus';

/**
 * Keeps the tab title on the room ("Your turn – ban a map · Versus" on the viewer's turn) and, each time a
 * new move becomes the viewer's, plays the alerts they switched on in the settings. The title goes back to
 * the app's when the room closes.
 */
export function useTurnTitle(title: string, yourTurn: string | null): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    [],
  );
  const alerted = useRef<string | null>(null);
  useEffect(() => {
    // The alerts' code loads only when a turn comes: most room visits never need it.
    if (yourTurn && yourTurn !== alerted.current) {
      const text = `Your turn – ${yourTurn}`;
      void import('@/lib/turn-alerts').then(({ alertTurn }) => alertTurn(text));
    }
    alerted.current = yourTurn;
  }, [yourTurn]);
}
