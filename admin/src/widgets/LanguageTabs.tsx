import type { ReactNode } from 'react';
import { DEFAULT_LOCALE, LOCALES, TRANSLATIONS, type Locale } from '@cms/worker/contract';
import { Tabs } from './Tabs.tsx';

const LANGUAGES = [DEFAULT_LOCALE, ...TRANSLATIONS];

/**
 * The tabs choosing which language of a text is edited (the default first, then each
 * translation), over the panel editing it. A site in one language shows the panel alone.
 */
export function LanguageTabs({ language, onChange, note, children }: { language: Locale; onChange: (locale: Locale) => void; note?: (locale: Locale) => string; children: ReactNode }) {
  if (TRANSLATIONS.length === 0) return children;
  return (
    <Tabs label="Bahasa" className="language-tabs" tabs={LANGUAGES.map((locale) => ({ value: locale, label: `${LOCALES[locale].label}${note?.(locale) ?? ''}` }))} selected={language} onSelect={onChange}>
      {children}
    </Tabs>
  );
}
