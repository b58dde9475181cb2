/**
 * Actions on the rows picked in a list: delete, and for a collection with a visibility flag, that
 * flag on or off, each offered only with its permission. Every record goes through its own
 * endpoint, as a single delete or save does (audit, history, hooks, idempotency, the rebuild
 * request), a few at a time; what the server refuses is reported by title with its reason, and
 * the other records still go through.
 */
import { recordTitle, type ResourceDefinition } from '@cms/worker/contract';
import { useState } from 'react';
import { sendJson } from '../api/client.ts';
import { RequestFailure, saveErrorMessage } from '../api/messages.ts';
import type { Screen } from './screens.ts';
import styles from './BulkBar.module.css';

export type Row = { _id: string } & Record<string, unknown>;

/** Requests under way at once: a page of 20 takes five rounds, and the worker and the browser's other requests are not crowded out. */
const AT_ONCE = 4;

export interface BulkAction {
  label: string;
  /** What is under way ("Menghapus") and what was done ("dihapus"). */
  doing: string;
  done: string;
  /** The rows it changes; the others are already as it would leave them ("sudah Published"). */
  applies: (row: Row) => boolean;
  already?: string;
  send: (row: Row) => Promise<unknown>;
  /** Asked once before anything is sent, naming how many. */
  confirm?: (count: number) => string;
  danger?: boolean;
}

/** The actions the user's permissions allow on picked rows; none: the list offers no picking. */
export function bulkActions(resource: ResourceDefinition, screen: Screen, may: { update: boolean; delete: boolean }): BulkAction[] {
  const actions: BulkAction[] = [];
  const flag = resource.visibleWhen;
  if (flag && may.update) {
    // Named as the list shows the flag (Published/Draft), else by what it does on the site.
    const cell = screen.columns.find((column) => column.field === flag)?.cell;
    const words = cell?.as === 'flag' ? { on: `Jadikan ${cell.yes}`, off: `Jadikan ${cell.no}`, isOn: cell.yes, isOff: cell.no } : { on: 'Tampilkan', off: 'Sembunyikan', isOn: 'tampil', isOff: 'tersembunyi' };
    for (const value of [true, false]) {
      actions.push({
        label: value ? words.on : words.off,
        doing: 'Menyimpan',
        done: 'diperbarui',
        applies: (row) => row[flag] !== value,
        already: `sudah ${value ? words.isOn : words.isOff}`,
        send: (row) => sendJson('PUT', `/${resource.path}/${encodeURIComponent(row._id)}`, { [flag]: value }),
      });
    }
  }
  if (may.delete) {
    actions.push({
      label: screen.texts?.delete ?? 'Hapus',
      doing: 'Menghapus',
      done: 'dihapus',
      applies: () => true,
      send: (row) => sendJson('DELETE', `/${resource.path}/${encodeURIComponent(row._id)}`),
      confirm: (count) => `Apakah Anda yakin ingin menghapus ${count} data yang dipilih?`,
      danger: true,
    });
  }
  return actions;
}

/** Runs `task` on every item, at most `limit` at once, telling `onDone` how many have finished; the failures come back in the items' order. */
async function eachAtMost<T>(limit: number, items: readonly T[], task: (item: T) => Promise<unknown>, onDone: (done: number) => void) {
  const failures: Array<{ at: number; item: T; error: unknown }> = [];
  // The lanes share one iterator: each takes the next item as soon as it is free.
  const queue = items.entries();
  let done = 0;
  const lane = async () => {
    for (const [at, item] of queue) {
      await task(item).catch((error: unknown) => failures.push({ at, item, error }));
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return failures.sort((a, b) => a.at - b.at);
}

/** The server's own reason, or what the failure to reach it was. */
const reasonOf = (error: unknown) => (error instanceof RequestFailure ? error.message : saveErrorMessage(error)).replace(/\.$/, '');

interface Props {
  resource: ResourceDefinition;
  actions: BulkAction[];
  picked: Row[];
  onRunning: (running: boolean) => void;
  /** The outcome, once every record has been answered. */
  onFinished: (outcome: { kind: 'success' | 'error'; text: string }) => void;
  onClear: () => void;
}

export default function BulkBar({ resource, actions, picked, onRunning, onFinished, onClear }: Props) {
  const [progress, setProgress] = useState<{ doing: string; done: number; total: number } | null>(null);
  async function run(action: BulkAction) {
    const targets = picked.filter(action.applies);
    if (action.confirm && !window.confirm(action.confirm(targets.length))) return;
    onRunning(true);
    setProgress({ doing: action.doing, done: 0, total: targets.length });
    const failures = await eachAtMost(AT_ONCE, targets, action.send, (done) => setProgress({ doing: action.doing, done, total: targets.length }));
    setProgress(null);
    onRunning(false);
    const unchanged = picked.length - targets.length;
    const reasons = failures.map(({ item, error }) => `${recordTitle(resource, item, item._id)} — ${reasonOf(error)}`).join('; ');
    onFinished({
      kind: failures.length ? 'error' : 'success',
      text: `${targets.length - failures.length} ${action.done}${unchanged && action.already ? ` (${unchanged} ${action.already})` : ''}${failures.length ? `, ${failures.length} gagal: ${reasons}` : ''}.`,
    });
  }
  return (
    <div className={styles.bar} role="group" aria-label="Aksi untuk data yang dipilih">
      <p role="status" className={styles.count}>
        {progress ? `${progress.doing} ${progress.done} dari ${progress.total}…` : `${picked.length} dipilih`}
      </p>
      <button type="button" className="link-button" disabled={!!progress} onClick={onClear}>
        Batalkan pilihan
      </button>
      <div className={styles.actions}>
        {actions.map((action) => (
          <button key={action.label} type="button" className={action.danger ? 'danger' : undefined} disabled={!!progress || !picked.some(action.applies)} onClick={() => void run(action)}>
            {action.label}
          </button>
        ))}
      </div>
    </div>
  );
}
