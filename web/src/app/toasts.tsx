import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, subscribeToasts, toastsWanted } from '@/lib/notify';

const ToastContainer = lazy(async () => ({ default: (await loadToasts()).ToastContainer }));

/**
 * The toast container, mounted once the first toast is asked for (see lib/notify): top-right, closing by
 * itself after 5 s (a hovered toast waits), then collapsing in 300 ms (react-toastify's default). Its
 * default region name, "Notifications Alt+T", would clash with the Notifications panel.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToasts, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} theme="dark" aria-label="Messages Alt+T" />
    </Suspense>
  );
}
