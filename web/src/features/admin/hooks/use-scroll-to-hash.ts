import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL's `#fragment` names once the page shows it (`ready`): the router navigates
 * without the browser's own jump to a fragment, and the page's sections appear only with their data.
 */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    // jsdom has no layout, hence no scrollIntoView.
    if (typeof target?.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
