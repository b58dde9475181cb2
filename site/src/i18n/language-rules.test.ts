import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { ALL_LOCALES, textsOf } from './index.ts';
import { indonesianWordsIn, languageProblems, ownFixedTexts } from './language-rules.ts';

describe('the rule that no page mixes languages', () => {
  it('finds Indonesian function words as whole words only, whatever their case', () => {
    expect(indonesianWordsIn('Kembali ke beranda, dan Yang lain')).toEqual(['ke', 'dan', 'yang']);
    expect(indonesianWordsIn('Dance into the index; Kenya, Danube')).toEqual([]);
  });

  it("knows the English fixed texts that Indonesian pages must not show, and not the words both languages share", () => {
    const english = ownFixedTexts('en', 'id');
    expect(english).toContain('Back to Vision');
    expect(english).toContain(en.newsletter.title);
    expect(english).not.toContain('BioCore');
    expect(english).not.toContain('Email');
  });

  it('no English fixed text is left untranslated in the Indonesian file', () => {
    const indonesianPage = ownFixedTexts('id', 'en').join(' \n ');
    expect(ownFixedTexts('en', 'id').filter((text) => indonesianPage.includes(text))).toEqual([]);
  });

  it("gives islands only texts that survive their props' trip as JSON (a function would vanish and break the island)", () => {
    for (const locale of ALL_LOCALES) {
      const t = textsOf(locale);
      for (const group of [t.hero, t.newsletter, t.bioCore, t.pagination, t.kolaborasi.form]) expect(JSON.parse(JSON.stringify(group))).toEqual(group);
    }
  });

  it('names a wrong lang, Indonesian on an English page and English fixed texts on an Indonesian page', () => {
    const english = ownFixedTexts('en', 'id');
    expect(languageProblems({ path: '/en', expected: 'en', lang: 'en', text: 'Welcome to our work' }, english)).toEqual([]);
    expect(languageProblems({ path: '/en', expected: 'en', lang: 'id', text: 'Sampah yang dipilah' }, english)).toEqual([
      '/en: <html lang="id">, expected "en"',
      '/en: Indonesian words on an English page: yang',
    ]);
    expect(languageProblems({ path: '/vision', expected: 'id', lang: 'id', text: 'Visi ← Back to Vision' }, english)).toEqual([
      '/vision: English fixed texts on an Indonesian page: "Back to Vision"',
    ]);
  });
});
