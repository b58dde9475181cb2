/**
 * The answers of anonymous public reads, kept in this isolate's memory for one second: a read
 * repeated within it costs no D1 round trip. Every request that may write (anything but GET and
 * HEAD) and every cron run empties it as it starts and as it ends, and an answer computed while
 * one ran is not kept, so this isolate never serves an answer older than its own last write.
 * Another isolate keeps its copy one second at most: the bound on how old a public read can be,
 * publish and unpublish times included.
 */
export const ANSWER_LIFETIME_MS = 1_000;
/** Bounds on memory (an isolate has 128 MB): the most answers kept, the largest kept (longer ones are read each time), and all of them together. */
const MAX_ANSWERS = 256;
const MAX_ANSWER_CHARS = 256 * 1024;
const MAX_TOTAL_CHARS = 4 * 1024 * 1024;

export interface Answer {
  body: string;
  tag: string;
}

export class AnswerCache {
  private readonly answers = new Map<string, Answer & { at: number }>();
  private totalChars = 0;
  /** Moves whenever a write starts or ends: an answer read across it is not kept. */
  private generation = 0;
  private writes = 0;

  get(key: string, now = Date.now()): Answer | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    const age = now - kept.at;
    if (age >= 0 && age < ANSWER_LIFETIME_MS) return kept;
    this.drop(key);
    return undefined;
  }

  /** What `keep` needs to know nothing was written while the answer was read. */
  token() {
    return this.generation;
  }

  keep(key: string, answer: Answer, token: number, now = Date.now()) {
    if (token !== this.generation || this.writes > 0 || answer.body.length > MAX_ANSWER_CHARS) return;
    this.drop(key);
    this.answers.set(key, { ...answer, at: now });
    this.totalChars += answer.body.length;
    // Maps iterate in insertion order: the first key is the oldest answer.
    while (this.answers.size > MAX_ANSWERS || this.totalChars > MAX_TOTAL_CHARS) this.drop(this.answers.keys().next().value!);
  }

  private drop(key: string) {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.totalChars -= kept.body.length;
    this.answers.delete(key);
  }

  /** Runs something that may write, with no answer kept from before it, during it or after it. */
  async around<T>(write: () => Promise<T>): Promise<T> {
    this.writes++;
    this.forget();
    try {
      return await write();
    } finally {
      this.writes--;
      this.forget();
    }
  }

  private forget() {
    this.generation++;
    this.answers.clear();
    this.totalChars = 0;
  }
}

/** This isolate's answers. */
export const publicAnswers = new AnswerCache();
