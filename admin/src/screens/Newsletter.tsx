/**
 * Newsletter: compose an issue (subject, rich-text body, a few published articles of the collections
 * that send newsletters, as cards), and its version in each other language on its own tab (the
 * Indonesian text beside each input), preview each and send a test of each to yourself, then send
 * it to every active subscriber, each in their language. Sending runs on the server in batches;
 * the list shows each issue's progress and languages and refreshes while one is being sent.
 */
import { DEFAULT_LOCALE, LOCALES, recordTitle, resources, TRANSLATIONS, type Locale, type ResourceDefinition } from '@cms/worker/contract';
import type { NewsletterArticleRef, NewsletterAudience, NewsletterIssue, NewsletterPreview, Settings } from '@cms/worker/contract/api';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getAll, getJson, sendJson } from '../api/client.ts';
import { isForbidden, RequestFailure } from '../api/messages.ts';
import { useSessionUser } from '../auth/Guard.tsx';
import { NoPermissionPage } from '../layout/NoPermission.tsx';
import { PageShell } from '../layout/PageShell.tsx';
import EditorField from '../widgets/EditorField.tsx';
import Modal from '../widgets/Modal.tsx';
import DataTable, { type TableColumn } from '../widgets/DataTable.tsx';
import './Newsletter.css';
import './TranslationForm.css';
import { LanguageTabs } from '../widgets/LanguageTabs.tsx';
import { useConfirmLeave, useUnsavedChanges } from '../widgets/useUnsavedChanges.tsx';

const MAX_ARTICLES = 6;
const STATUS_LABEL: Record<NewsletterIssue['status'], string> = { draft: 'Draf', sending: 'Sedang dikirim', sent: 'Terkirim' };

type Version = { subject: string; body: string };
interface Draft {
  id: string | null;
  subject: string;
  body: string;
  articles: NewsletterArticleRef[];
  translations: NewsletterIssue['translations'];
}
const EMPTY: Draft = { id: null, subject: '', body: '', articles: [], translations: {} };
const EMPTY_VERSION: Version = { subject: '', body: '' };

/** What is saved of a draft. A version left without subject and body is not one: it is left out rather than refused. */
const payloadOf = (draft: Draft) => ({
  subject: draft.subject,
  body: draft.body,
  articles: draft.articles,
  translations: Object.fromEntries(Object.entries(draft.translations).filter(([, written]) => written && (written.subject.trim() || written.body.trim()))),
});

/** Whether an issue has its version in `locale`: one with a subject is sent; a blank one is not kept. */
const hasVersion = (issue: Pick<Draft, 'translations'>, locale: Locale) => !!issue.translations[locale]?.subject.trim();

/** The Indonesian body as words to read beside the translation's editor. */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** The collections whose published records can go into an issue as article cards, grouped by their name in the site's navigation. */
const ARTICLE_SOURCES = (Object.values(resources) as ResourceDefinition[]).flatMap((resource) =>
  resource.site?.newsletter ? [{ resource, kind: resource.path as NewsletterArticleRef['kind'], group: resource.site.nav?.label ?? resource.title }] : [],
);

const messageOf = (error: unknown, fallback: string) => (error instanceof RequestFailure && error.body?.message ? error.body.message : fallback);
const formatDate = (value: string | null) => (value ? new Date(value).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short' }) : '-');

export default function Newsletter() {
  const client = useQueryClient();
  const user = useSessionUser();
  const can = (action: string) => user.permissions.includes(`newsletter.${action}`);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // The draft as last opened or saved: what was typed since is unsaved.
  const [savedDraft, setSavedDraft] = useState<Draft>(EMPTY);
  const confirmLeave = useConfirmLeave();
  /** Opens another draft (or a blank one) in the form, after asking about unsaved changes. */
  const openDraft = async (next: Draft) => {
    if (!(await confirmLeave())) return;
    setDraft(next);
    setSavedDraft(next);
    setLanguage(DEFAULT_LOCALE);
  };
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  // The language being written, previewed and tested: the issue itself or its version in another language.
  const [language, setLanguage] = useState<Locale>(DEFAULT_LOCALE);
  const translating = language !== DEFAULT_LOCALE;
  const languageQuery = translating ? `?locale=${language}` : '';
  const version = translating ? (draft.translations[language] ?? EMPTY_VERSION) : EMPTY_VERSION;
  const editVersion = (change: Partial<Version>) =>
    setDraft((current) => ({ ...current, translations: { ...current.translations, [language]: { ...(current.translations[language] ?? EMPTY_VERSION), ...change } } }));

  const issues = useQuery({
    queryKey: ['newsletter-issues'],
    queryFn: async () => (await getJson<NewsletterIssue[]>('/newsletter/issues')).data,
    // While an issue is being sent, its counts move: look again every few seconds.
    refetchInterval: (query) => (query.state.data?.some((issue) => issue.status === 'sending') ? 3000 : false),
  });
  // Every published article is a choice, however many pages the lists have.
  const articles = useQueries({
    queries: ARTICLE_SOURCES.map(({ kind }) => ({ queryKey: [`newsletter-${kind}`], queryFn: () => getAll<{ _id: string } & Record<string, unknown>>(`/${kind}?published=true`) })),
  });
  const activeCount = useQuery({
    queryKey: ['newsletter-audience'],
    queryFn: async () => (await getJson<NewsletterAudience>('/newsletter/audience')).data.active,
  });

  const payload = () => payloadOf(draft);
  /** Saves the draft (new or changed) and returns its id. */
  const save = async () => {
    const sent = draft;
    const saved = draft.id
      ? await sendJson<NewsletterIssue>('PUT', `/newsletter/issues/${draft.id}`, payload())
      : await sendJson<NewsletterIssue>('POST', '/newsletter/issues', payload());
    setDraft((current) => ({ ...current, id: saved.data._id }));
    setSavedDraft({ ...sent, id: saved.data._id });
    await client.invalidateQueries({ queryKey: ['newsletter-issues'] });
    return saved.data._id;
  };
  const saveDraft = useMutation({
    mutationFn: save,
    onSuccess: () => setAlert({ kind: 'success', text: 'Draf tersimpan.' }),
    onError: (error) => setAlert({ kind: 'error', text: messageOf(error, 'Draf gagal disimpan.') }),
  });
  const showPreview = useMutation({
    mutationFn: async () => (await sendJson<NewsletterPreview>('POST', `/newsletter/preview${languageQuery}`, payload())).data,
    onSuccess: (data) => setPreview(data),
    onError: (error) => setAlert({ kind: 'error', text: messageOf(error, 'Pratinjau gagal dimuat.') }),
  });
  const sendTest = useMutation({
    mutationFn: async () => (await sendJson<{ to: string }>('POST', `/newsletter/issues/${await save()}/test${languageQuery}`)).message,
    onSuccess: (message) => setAlert({ kind: 'success', text: message }),
    onError: (error) => setAlert({ kind: 'error', text: messageOf(error, 'Email tes gagal dikirim.') }),
  });
  const sendAll = useMutation({
    mutationFn: async () => (await sendJson<NewsletterIssue>('POST', `/newsletter/issues/${await save()}/send`)).message,
    onSuccess: async (message) => {
      setAlert({ kind: 'success', text: message });
      setDraft(EMPTY);
      setSavedDraft(EMPTY);
      setLanguage(DEFAULT_LOCALE);
      await client.invalidateQueries({ queryKey: ['newsletter-issues'] });
    },
    onError: (error) => setAlert({ kind: 'error', text: messageOf(error, 'Newsletter gagal dikirim.') }),
  });
  const busy = saveDraft.isPending || showPreview.isPending || sendTest.isPending || sendAll.isPending;
  const { prompt } = useUnsavedChanges(!busy && JSON.stringify(payloadOf(draft)) !== JSON.stringify(payloadOf(savedDraft)));

  const toggleArticle = (ref: NewsletterArticleRef) =>
    setDraft((current) => {
      const picked = current.articles.some((a) => a.kind === ref.kind && a.id === ref.id);
      return { ...current, articles: picked ? current.articles.filter((a) => !(a.kind === ref.kind && a.id === ref.id)) : [...current.articles, ref] };
    });
  const confirmSend = () => {
    const count = activeCount.data ?? 0;
    if (window.confirm(`Kirim "${draft.subject}" ke ${count} subscriber aktif? Newsletter yang sudah dikirim tidak dapat dibatalkan.`)) sendAll.mutate();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveDraft.mutate();
  };

  const sentOrDash = (issue: NewsletterIssue, value: string | number) => (issue.status === 'draft' ? '-' : value);
  const issueColumns: TableColumn<NewsletterIssue>[] = [
    { key: 'subject', label: 'Subjek', cell: (issue) => issue.subject },
    ...TRANSLATIONS.map(
      (locale): TableColumn<NewsletterIssue> => ({
        key: `version-${locale}`,
        label: LOCALES[locale].short,
        cell: (issue) => <span className={`badge ${hasVersion(issue, locale) ? 'on' : 'off'}`}>{`${LOCALES[locale].short}: ${hasVersion(issue, locale) ? 'ada' : 'belum'}`}</span>,
      }),
    ),
    {
      key: 'status',
      label: 'Status',
      cell: ({ status, progress: { total, sent, failed } }) => (
        <>
          <span className="badge">{STATUS_LABEL[status]}</span>
          {status !== 'draft' && <progress className="send-progress" max={100} value={total ? ((sent + failed) / total) * 100 : 0} aria-label={`${sent} dari ${total} terkirim`} />}
        </>
      ),
    },
    { key: 'sent', label: 'Terkirim', className: 'sent-count', cell: (issue) => sentOrDash(issue, `${issue.progress.sent} / ${issue.progress.total}`) },
    { key: 'failed', label: 'Gagal', className: 'failed-count', cell: (issue) => sentOrDash(issue, issue.progress.failed) },
    { key: 'left', label: 'Sisa', className: 'left-count', cell: (issue) => sentOrDash(issue, issue.progress.left) },
    { key: 'started', label: 'Dimulai', cell: (issue) => formatDate(issue.startedAt) },
    {
      key: 'actions',
      label: 'Aksi',
      className: 'actions',
      headClassName: 'actions-head',
      cell: (issue) =>
        issue.status === 'draft' &&
        can('update') && (
          <button type="button" onClick={() => void openDraft({ id: issue._id, subject: issue.subject, body: issue.body, articles: issue.articles, translations: issue.translations ?? {} })}>
            Ubah
          </button>
        ),
    },
  ];

  const articleChoices = ARTICLE_SOURCES.flatMap(({ resource, kind, group }, i) =>
    (articles[i]?.data ?? []).map((record) => ({ ref: { kind, id: record._id }, label: recordTitle(resource, record, ''), group })),
  );

  if (isForbidden(issues.error)) return <NoPermissionPage title="Newsletter" />;
  return (
    <PageShell title="Newsletter" subtitle={`${activeCount.data ?? '-'} subscriber aktif akan menerima newsletter berikutnya.`}>
      {alert && (
        <p className={`alert ${alert.kind}`} role={alert.kind === 'error' ? 'alert' : 'status'}>
          {alert.text}
        </p>
      )}
      {can('create') && (
        <form className="panel newsletter-compose" onSubmit={submit} aria-label="Tulis newsletter">
          <h2>{draft.id ? 'Ubah draf' : 'Tulis newsletter'}</h2>
          <LanguageTabs language={language} onChange={setLanguage} note={(locale) => (locale !== DEFAULT_LOCALE && !hasVersion(draft, locale) ? ' (belum ditulis)' : '')}>
            {translating ? (
              <IssueVersion locale={language} draft={draft} version={version} onChange={editVersion} />
            ) : (
              <>
                <div className="field">
                  <label htmlFor="newsletter-subject">Subjek</label>
                  <input id="newsletter-subject" value={draft.subject} maxLength={200} required onChange={(event) => setDraft({ ...draft, subject: event.target.value })} />
                </div>
                <div className="field wide">
                  <EditorField id="newsletter-body" label="Isi" light value={draft.body} onChange={(body) => setDraft((current) => ({ ...current, body }))} />
                </div>
                <fieldset className="field wide article-picker">
                  <legend>
                    Artikel pilihan (opsional, paling banyak {MAX_ARTICLES}) · {draft.articles.length} dipilih
                  </legend>
                  {articles.some((query) => query.isLoading) ? (
                    <p className="loading">Memuat...</p>
                  ) : articleChoices.length === 0 ? (
                    <p className="muted">Belum ada artikel {ARTICLE_SOURCES.map(({ group }) => group).join(' atau ')} yang terbit.</p>
                  ) : (
                    <ul>
                      {articleChoices.map(({ ref, label, group }) => {
                        const checked = draft.articles.some((a) => a.kind === ref.kind && a.id === ref.id);
                        return (
                          <li key={`${ref.kind}:${ref.id}`}>
                            <label>
                              <input type="checkbox" checked={checked} disabled={!checked && draft.articles.length >= MAX_ARTICLES} onChange={() => toggleArticle(ref)} />
                              <span className="badge">{group}</span> {label}
                            </label>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </fieldset>
              </>
            )}
          </LanguageTabs>
          <div className="toolbar">
            <button type="submit" disabled={busy || !draft.subject.trim()}>
              {saveDraft.isPending ? 'Menyimpan...' : 'Simpan draf'}
            </button>
            <button type="button" disabled={busy || !draft.subject.trim()} onClick={() => showPreview.mutate()}>
              {translating ? `Pratinjau versi ${LOCALES[language].label}` : 'Pratinjau'}
            </button>
            <button type="button" disabled={busy || !draft.subject.trim()} onClick={() => sendTest.mutate()}>
              {sendTest.isPending ? 'Mengirim tes...' : `Kirim tes${translating ? ` versi ${LOCALES[language].label}` : ''} ke ${user.email || 'saya'}`}
            </button>
            {can('approve') && (
              <button type="button" className="primary" disabled={busy || !draft.subject.trim()} onClick={confirmSend}>
                {sendAll.isPending ? 'Menjadwalkan...' : 'Kirim ke semua subscriber aktif'}
              </button>
            )}
            {draft.id && (
              <button type="button" disabled={busy} onClick={() => void openDraft(EMPTY)}>
                Tulis baru
              </button>
            )}
          </div>
        </form>
      )}

      <h2>Newsletter terkirim dan draf</h2>
      {issues.isLoading ? (
        <p className="loading">Memuat...</p>
      ) : issues.isError ? (
        <p className="alert error" role="alert">
          {messageOf(issues.error, 'Daftar newsletter gagal dimuat.')}
        </p>
      ) : (issues.data ?? []).length === 0 ? (
        <p className="empty">Belum ada newsletter.</p>
      ) : (
        <DataTable rows={issues.data ?? []} rowKey={(issue) => issue._id} columns={issueColumns} className="newsletter-issues" rowProps={(issue) => ({ 'data-status': issue.status })} />
      )}

      <EmailSettings />

      <Modal open={preview !== null} title={`Pratinjau: ${preview?.subject ?? ''}`} onClose={() => setPreview(null)} className="newsletter-preview">
        {preview && <PreviewBody preview={preview} />}
        <button type="button" onClick={() => setPreview(null)}>
          Tutup
        </button>
      </Modal>
      {prompt}
    </PageShell>
  );
}

/**
 * The issue's version in another language: its subject and body beside the Indonesian ones.
 * Subscribers of that language get it once it has a subject; without one they get the Indonesian.
 */
function IssueVersion({ locale, draft, version, onChange }: { locale: Locale; draft: Draft; version: Version; onChange: (change: Partial<Version>) => void }) {
  const { label, short } = LOCALES[locale];
  return (
    <div className="translation-fields newsletter-version">
      <p className="muted">
        Subscriber berbahasa {label} menerima versi ini; selama subjeknya kosong, mereka menerima versi Bahasa Indonesia. Artikel pilihan tampil dalam bahasa {label} bila versi {label}-nya sudah terbit.
      </p>
      <div className="translation-row translation-head" aria-hidden="true">
        <span>{LOCALES[DEFAULT_LOCALE].label}</span>
        <span>{label}</span>
      </div>
      <div className="translation-row">
        <div className="translation-source">
          <span className="translation-source-label">Subjek</span>
          <p lang={DEFAULT_LOCALE} data-testid="source-subject">
            {draft.subject || <span className="muted">(kosong)</span>}
          </p>
        </div>
        <div className="field translation-input" lang={locale}>
          <label htmlFor={`newsletter-subject-${locale}`}>Subjek ({short})</label>
          <input id={`newsletter-subject-${locale}`} value={version.subject} maxLength={200} onChange={(event) => onChange({ subject: event.target.value })} />
        </div>
      </div>
      <div className="translation-row">
        <div className="translation-source">
          <span className="translation-source-label">Isi</span>
          <p lang={DEFAULT_LOCALE} data-testid="source-body">
            {plainText(draft.body) || <span className="muted">(kosong)</span>}
          </p>
        </div>
        <div className="field translation-input" lang={locale}>
          <EditorField key={`${draft.id ?? 'new'}-${locale}`} id={`newsletter-body-${locale}`} label={`Isi (${short})`} light value={version.body} onChange={(body) => onChange({ body })} />
        </div>
      </div>
    </div>
  );
}

function PreviewBody({ preview }: { preview: NewsletterPreview }) {
  const [mode, setMode] = useState<'html' | 'text'>('html');
  return (
    <>
      <div className="toolbar" role="group" aria-label="Tampilan pratinjau">
        <button type="button" aria-pressed={mode === 'html'} onClick={() => setMode('html')}>
          HTML
        </button>
        <button type="button" aria-pressed={mode === 'text'} onClick={() => setMode('text')}>
          Teks biasa
        </button>
      </div>
      {/* The email's own HTML, shown in a sandbox: no scripts, no access to the admin. */}
      {mode === 'html' ? <iframe title="Pratinjau email" sandbox="" srcDoc={preview.html} className="preview-frame" /> : <pre className="preview-text">{preview.text}</pre>}
    </>
  );
}

/** The sender address, organisation name and public site address every email uses. */
function EmailSettings() {
  const user = useSessionUser();
  const settings = useQuery({ queryKey: ['settings'], queryFn: async () => (await getJson<Settings>('/settings')).data });
  const [changes, setChanges] = useState<Partial<Settings>>({});
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: () => sendJson<Settings>('PUT', '/settings', changes),
    onSuccess: () => (setAlert({ kind: 'success', text: 'Pengaturan email tersimpan.' }), setChanges({})),
    onError: (error) => setAlert({ kind: 'error', text: messageOf(error, 'Pengaturan gagal disimpan.') }),
  });
  if (!user.permissions.includes('settings.update') || !settings.data) return null;
  const value = (key: 'organisationName' | 'newsletterSender' | 'siteUrl') => changes[key] ?? settings.data[key];
  const field = (key: 'organisationName' | 'newsletterSender' | 'siteUrl', label: string, hint: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`setting-${key}`}>{label}</label>
      <input id={`setting-${key}`} type={type} value={value(key)} onChange={(event) => setChanges({ ...changes, [key]: event.target.value })} />
      <small className="muted">{hint}</small>
    </div>
  );
  return (
    <form
      className="panel"
      aria-label="Pengaturan email"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h2>Pengaturan email</h2>
      {field('organisationName', 'Nama organisasi', 'Nama pengirim dan penutup setiap email.')}
      {field('newsletterSender', 'Alamat pengirim', 'Harus dari domain yang terdaftar di Cloudflare Email Service.', 'email')}
      {field('siteUrl', 'Alamat situs', 'Untuk tautan di email, contoh https://resik.org. Kosong: alamat admin ini.', 'url')}
      {alert && (
        <p className={`alert ${alert.kind}`} role={alert.kind === 'error' ? 'alert' : 'status'}>
          {alert.text}
        </p>
      )}
      <button type="submit" disabled={save.isPending || Object.keys(changes).length === 0}>
        {save.isPending ? 'Menyimpan...' : 'Simpan pengaturan'}
      </button>
    </form>
  );
}
