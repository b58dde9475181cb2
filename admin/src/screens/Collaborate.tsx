import { DEFAULT_LOCALE, LOCALES, type Locale } from '@cms/worker/contract';
import type { Settings } from '@cms/worker/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getJson, sendJson } from '../api/client.ts';
import { saveErrorMessage, SUCCESS } from '../api/messages.ts';
import { useAccess } from '../auth/access.ts';
import { PageShell } from '../layout/PageShell.tsx';
import './TranslationForm.css';
import { LanguageTabs } from '../widgets/LanguageTabs.tsx';

/** The settings this screen edits: the Kolaborasi page's section and intro, and how its inquiries are handled. */
type CollaborateSettings = Pick<Settings, 'collaborateTitle' | 'collaborateIntro' | 'inquiryTopics' | 'inquiryNotify' | 'inquiryRecipients' | 'inquiryRetentionMonths'>;
const KEYS: (keyof CollaborateSettings)[] = ['collaborateTitle', 'collaborateIntro', 'inquiryTopics', 'inquiryNotify', 'inquiryRecipients', 'inquiryRetentionMonths'];

/** The page's words, kept per language; the rest of the settings is one value for every language. */
const PAGE_TEXTS = [
  { key: 'collaborateTitle', label: 'Title', rows: 0, required: true },
  { key: 'collaborateIntro', label: 'Pengantar', rows: 3, required: false },
  { key: 'inquiryTopics', label: 'Topik formulir (satu per baris)', rows: 5, required: true },
] as const satisfies readonly { key: keyof CollaborateSettings; label: string; rows: number; required: boolean }[];
type PageTexts = Pick<Settings, (typeof PAGE_TEXTS)[number]['key']>;

const settingsKey = (locale: Locale) => (locale === DEFAULT_LOCALE ? ['settings'] : ['settings', locale]);
const settingsPath = (locale: Locale) => (locale === DEFAULT_LOCALE ? '/settings' : `/settings?locale=${locale}`);

/**
 * The Collaborate page (the site's /kolaborasi): its title and intro, the form's topics, staff
 * emails and retention; and on a tab per other language, the page's words in that language
 * beside the Indonesian ones. Switching tabs keeps what was typed on each.
 */
export default function Collaborate() {
  const [language, setLanguage] = useState<Locale>(DEFAULT_LOCALE);
  const [translationEdits, setTranslationEdits] = useState<Partial<Record<Locale, Partial<PageTexts>>>>({});
  return (
    <PageShell title="Collaborate">
      <LanguageTabs language={language} onChange={setLanguage}>
        <div hidden={language !== DEFAULT_LOCALE}>
          <CollaborateForm />
        </div>
        {language !== DEFAULT_LOCALE && (
          <PageTextsForm
            key={language}
            locale={language}
            edits={translationEdits[language] ?? {}}
            onEdit={(change) => setTranslationEdits((current) => ({ ...current, [language]: change(current[language] ?? {}) }))}
          />
        )}
      </LanguageTabs>
    </PageShell>
  );
}

function CollaborateForm() {
  const client = useQueryClient();
  const mayUpdate = useAccess().may('settings', 'update');
  const settings = useQuery({ queryKey: settingsKey(DEFAULT_LOCALE), queryFn: async () => (await getJson<Settings>(settingsPath(DEFAULT_LOCALE))).data });
  const [edits, setEdits] = useState<Partial<CollaborateSettings>>({});
  const [alert, setAlert] = useState('');
  const save = useMutation({
    mutationFn: (values: CollaborateSettings) => sendJson<Settings>('PUT', settingsPath(DEFAULT_LOCALE), values),
    onSuccess: (answer) => {
      client.setQueryData(settingsKey(DEFAULT_LOCALE), answer.data);
      setEdits({});
      setAlert(SUCCESS.id.update);
    },
    onError: (error) => setAlert(saveErrorMessage(error)),
  });
  const valueOf = (key: keyof CollaborateSettings) => edits[key] ?? settings.data?.[key] ?? '';
  const edit = (key: keyof CollaborateSettings) => (event: { target: { value: string } }) => setEdits({ ...edits, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Object.fromEntries(KEYS.map((key) => [key, valueOf(key)])) as CollaborateSettings);
  };
  // Closed until the stored values have loaded, so nothing typed is overwritten by them.
  const closed = save.isPending || settings.isLoading || !mayUpdate;
  return (
    <form className="panel" onSubmit={submit} aria-label={`Collaborate: ${LOCALES[DEFAULT_LOCALE].label}`}>
      <div className="field">
        <label htmlFor="collaborate-title">Title</label>
        <input id="collaborate-title" value={valueOf('collaborateTitle')} onChange={edit('collaborateTitle')} required disabled={closed} />
      </div>
      <div className="field">
        <label htmlFor="collaborate-intro">Pengantar</label>
        <textarea id="collaborate-intro" rows={3} maxLength={1000} value={valueOf('collaborateIntro')} onChange={edit('collaborateIntro')} disabled={closed} />
      </div>
      <div className="field">
        <label htmlFor="inquiry-topics">Topik formulir (satu per baris)</label>
        <textarea id="inquiry-topics" rows={5} value={valueOf('inquiryTopics')} onChange={edit('inquiryTopics')} required disabled={closed} />
      </div>
      <div className="field">
        <label htmlFor="inquiry-notify">Email ke staf</label>
        <select id="inquiry-notify" value={valueOf('inquiryNotify')} onChange={edit('inquiryNotify')} disabled={closed}>
          <option value="each">Satu email per pesan</option>
          <option value="digest">Ringkasan harian (08.00 WIB)</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="inquiry-recipients">Penerima email (pisahkan dengan koma; kosong: tidak ada email)</label>
        <input id="inquiry-recipients" value={valueOf('inquiryRecipients')} onChange={edit('inquiryRecipients')} disabled={closed} />
      </div>
      <div className="field">
        <label htmlFor="inquiry-retention">Masa simpan pesan (bulan)</label>
        <input id="inquiry-retention" type="number" min={1} max={120} value={valueOf('inquiryRetentionMonths')} onChange={edit('inquiryRetentionMonths')} required disabled={closed} />
      </div>
      {alert && <p role="status" className="alert">{alert}</p>}
      {mayUpdate && (
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      )}
    </form>
  );
}

/** The Kolaborasi page's words in another language, each beside its Indonesian text (side by side on a wide screen, stacked on a phone). */
function PageTextsForm({ locale, edits, onEdit }: { locale: Locale; edits: Partial<PageTexts>; onEdit: (change: (current: Partial<PageTexts>) => Partial<PageTexts>) => void }) {
  const client = useQueryClient();
  const { label, short } = LOCALES[locale];
  const mayUpdate = useAccess().may('settings', 'update');
  const source = useQuery({ queryKey: settingsKey(DEFAULT_LOCALE), queryFn: async () => (await getJson<Settings>(settingsPath(DEFAULT_LOCALE))).data });
  const stored = useQuery({ queryKey: settingsKey(locale), queryFn: async () => (await getJson<Settings>(settingsPath(locale))).data });
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (values: PageTexts) => sendJson<Settings>('PUT', settingsPath(locale), values),
    onSuccess: (answer) => {
      client.setQueryData(settingsKey(locale), answer.data);
      onEdit(() => ({}));
      setAlert({ kind: 'success', text: `Versi ${label} berhasil disimpan!` });
    },
    // A refused save keeps everything typed.
    onError: (error) => setAlert({ kind: 'error', text: saveErrorMessage(error) }),
  });
  const valueOf = (key: keyof PageTexts) => edits[key] ?? stored.data?.[key] ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Object.fromEntries(PAGE_TEXTS.map(({ key }) => [key, valueOf(key)])) as PageTexts);
  };
  const closed = save.isPending || stored.isLoading || !mayUpdate;
  return (
    <form className="panel translation-form" onSubmit={submit} aria-label={`Collaborate: versi ${label}`}>
      <h2>Versi {label}</h2>
      <p className="muted">Teks halaman Kolaborasi dalam bahasa {label}. Email staf dan masa simpan berlaku untuk semua bahasa.</p>
      <fieldset disabled={closed} className="translation-fields">
        <div className="translation-row translation-head" aria-hidden="true">
          <span>{LOCALES[DEFAULT_LOCALE].label}</span>
          <span>{label}</span>
        </div>
        {PAGE_TEXTS.map(({ key, label: fieldLabel, rows, required }) => {
          const id = `collaborate-${key}-${locale}`;
          const change = (event: { target: { value: string } }) => onEdit((current) => ({ ...current, [key]: event.target.value }));
          return (
            <div key={key} className="translation-row">
              <div className="translation-source">
                <span className="translation-source-label">{fieldLabel}</span>
                <p lang={DEFAULT_LOCALE} data-testid={`source-${key}`}>
                  {source.data?.[key] || <span className="muted">(kosong)</span>}
                </p>
              </div>
              <div className="field translation-input" lang={locale}>
                <label htmlFor={id}>
                  {fieldLabel} ({short})
                </label>
                {rows === 0 ? (
                  <input id={id} value={valueOf(key)} onChange={change} required={required} maxLength={200} />
                ) : (
                  <textarea id={id} rows={rows} value={valueOf(key)} onChange={change} required={required} maxLength={key === 'collaborateIntro' ? 1000 : undefined} />
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
      {alert && (
        <p className={`alert ${alert.kind}`} role={alert.kind === 'error' ? 'alert' : 'status'}>
          {alert.text}
        </p>
      )}
      {mayUpdate && (
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : `Simpan versi ${label}`}
        </button>
      )}
    </form>
  );
}
