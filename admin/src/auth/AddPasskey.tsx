import type { PasskeySummary } from '@cms/worker/contract/factors';
import { useState, type FormEvent } from 'react';
import { factorError, registerPasskey } from './factors.ts';
import styles from './Factors.module.css';

/** Names and creates a passkey on this device. */
export function AddPasskey({ onAdded, suggestedName }: { onAdded: (added: PasskeySummary & { signedIn: boolean }) => void; suggestedName: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    setBusy(true);
    setError('');
    try {
      onAdded(await registerPasskey(name));
    } catch (failure) {
      setError(factorError(failure));
    }
    setBusy(false);
  }

  return (
    <form className={styles.inline} onSubmit={(event) => void add(event)}>
      <label htmlFor="new-passkey-name">Nama passkey</label>
      <input id="new-passkey-name" name="name" defaultValue={suggestedName} maxLength={60} required disabled={busy} />
      <button type="submit" disabled={busy}>
        {busy ? 'Menunggu perangkat...' : 'Tambah passkey'}
      </button>
      {error && <p className="alert error" role="alert">{error}</p>}
    </form>
  );
}
