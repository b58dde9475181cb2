/** What a route shows when its screen could not load (a dropped connection, a new version deployed meanwhile) or failed to render. */
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

export const LOAD_FAILED = 'Halaman ini gagal dimuat. Periksa koneksi internet, lalu muat ulang halaman.';

export default function LoadFailed() {
  const error = useRouteError();
  // Kept for whoever opens the browser's console; the page says what to do.
  useEffect(() => console.error(error), [error]);
  return (
    <div className="alert error" role="alert">
      <p>{LOAD_FAILED}</p>
      <button type="button" onClick={() => location.reload()}>
        Muat ulang
      </button>
    </div>
  );
}
