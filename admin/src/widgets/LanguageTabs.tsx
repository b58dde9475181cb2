import { DEFAULT_LOCALE, LOCALES, TRANSLATIONS, type Locale } from '@cms/worker/contract';

/** The tabs choosing which language of a text is edited: the default first, then each translation. */
export function LanguageTabs({ language, onChange, note }: { language: Locale; onChange: (locale: Locale) => void; note?: (locale: Locale) => string }) {
  if (TRANSLATIONS.length === 0) return null;
  return (
    <div className="language-tabs" role="tablist" aria-label="Bahasa">
      {[DEFAULT_LOCALE, ...TRANSLATIONS].map((locale) => (
        <button key={locale} type="button" role="tab" aria-selected={language === locale} onClick={() => onChange(locale)}>
          {LOCALES[locale].label}
          {note?.(locale)}
        </button>
      ))}
    </div>
  );
}
