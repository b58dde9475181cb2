/**
 * Text search in SQL that ignores case in every alphabet. SQLite's lower() folds only A-Z, so
 * "Ümlaut" would not match "ümlaut": the column is lowered, then each non-ASCII letter the term
 * holds is folded in it too (letters the term lacks cannot match, so they may stay as they are).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Letters whose capital is one other character: those a replace() can fold. */
const foldable = (letter: string) => letter > '\u007f' && letter.toUpperCase() !== letter && /^.$/u.test(letter.toUpperCase());

/** The column as lowercase as `term` needs it to be, and the term in lowercase. */
export function caseFolded(column: SQLWrapper, term: string): { value: SQL; term: string } {
  const lowered = term.toLowerCase();
  let value = sql`lower(${column})`;
  // A Set of a string holds its code points, each once.
  for (const letter of new Set(lowered)) if (foldable(letter)) value = sql`replace(${value}, ${letter.toUpperCase()}, ${letter})`;
  return { value, term: lowered };
}

/** Whether the column contains the term, as plain text (nothing to escape, no LIKE pattern limits). */
export function containsText(column: SQLWrapper, term: string): SQL {
  const folded = caseFolded(column, term);
  return sql`instr(${folded.value}, ${folded.term}) > 0`;
}
