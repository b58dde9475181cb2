import { Link } from 'react-router';
import { NO_PERMISSION } from '../api/messages.ts';
import { PageShell } from './PageShell.tsx';

/** Said instead of a list or an empty state when the user may not read what the page shows. */
export function NoPermissionNotice({ text = NO_PERMISSION, home = true }: { text?: string; home?: boolean }) {
  return (
    <div className="alert notice" role="alert">
      <p>{text}</p>
      <p>
        Minta administrator menambahkan izinnya ke role Anda{home ? ', atau ' : '.'}
        {home && <Link to="/admin">kembali ke halaman awal</Link>}
        {home && '.'}
      </p>
    </div>
  );
}

/** A page the user may not open, reached by its address: its heading, and why nothing is shown. */
export function NoPermissionPage({ title, group, text, home }: { title: string; group?: string; text?: string; home?: boolean }) {
  return (
    <PageShell title={title} group={group}>
      <NoPermissionNotice text={text} home={home} />
    </PageShell>
  );
}
