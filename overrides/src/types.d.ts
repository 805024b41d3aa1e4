/* The shapes of what the build writes for the scripts (generator/practice/data.py,
   generator/site/question_html.py, generator/site/frontend.py, generator/site/offline_search.py,
   generator/printing/pdf.py), as page-data.js hands them on. */

export type QuestionType = "single" | "multiple" | "judge" | "fill" | "calc" | "short" | "case";
export type Verdict = "right" | "wrong";

/** One question's practice record (generator/practice/data.py explains each field). */
export interface PracticeRecord {
  t: QuestionType;
  h: string;
  n: number | string;
  o?: number;
  k?: 1;
  s?: string;
  a?: string | null;
  e?: string | null;
  d?: number;
  u?: string;
}

export interface BankData {
  bank: string;
  chapters: { page: string; q: string[] }[];
  q: Record<string, PracticeRecord>;
}

/** What one practice data script pushes: a bank's index, a chapter's records or a question's record and HTML. */
export interface PracticePart {
  bank: string;
  chapters?: { page: string; q: string[] }[];
  q?: Record<string, PracticeRecord>;
  cols?: IndexColumns;
  html?: Record<string, QuestionBlock>;
}

/** The index's records packed in columns, in the order of its chapters' ids (0: no `o` or `k`). */
export interface IndexColumns {
  t: QuestionType[];
  h: string[];
  n: (number | string)[];
  o: number[];
  k: (0 | 1)[];
}

/** A question as its chapter page shows it: HTML rendered (and escaped) at build, option count. */
export interface QuestionBlock {
  h: string;
  o: number;
}

/** Material's SearchMessageType values. */
export interface MessageTypes {
  SETUP: number;
  READY: number;
  QUERY: number;
  RESULT: number;
}

export interface Constants {
  hanClass: string;
  latinAlnumClass: string;
  sentinel: string;
  message: MessageTypes;
  prebuiltSearch: boolean;  /* the build made search/search_lunr.js */
}

export interface PdfManifest {
  base: string;
  chapters: Record<string, Partial<Record<"answers" | "practice", string>>>;
}

/** The tables query folding reads (generator/site/query_folding.py). */
export interface FoldTables {
  chars?: string;
  latin?: string[];
  words?: string;
}

export interface SearchConfig {
  lang?: string[];
  separator?: string;
  fold?: FoldTables;
}

/** search/search_index.js under file:// (generator/site/offline_search.py). */
export interface OfflineIndex {
  config: SearchConfig;
  options?: object;
  docs: string;
  parsed?: { config: SearchConfig; docs: unknown[] } | null;
}

/** What the page provides on globalThis.studyGuide; read through page-data.js only. */
export interface Provided {
  constants: Constants;
  strings: Record<string, string>;
  practiceData: Record<string, BankData>;
  practiceParts: PracticePart[];
  questionHtml: Record<string, Record<string, QuestionBlock>>;
  pdfs: PdfManifest;
  index: OfflineIndex;
  searchWorker: string;
  lunrIndex: string;
  nativeWorker: typeof Worker;
}

declare global {
  var studyGuide: Partial<Provided> | undefined;
}
