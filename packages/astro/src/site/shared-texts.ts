/**
 * One string for each distinct MDX text of a plan. A versioned docs repo holds the same page in many versions (crewAI:
 * 24,803 MDX files, 1,723 distinct texts), and every copy read from its file, analysed or deserialized is a string of
 * its own: the parent of a build in parts held each page's body and prepared code once per copy. Equal strings are
 * indistinguishable, so sharing one changes no output.
 *
 * The plan cache stores the texts the same way (`packTexts`): each distinct text once, the pages and files naming it
 * by its index, so reading an entry makes one string per text instead of one per copy.
 */
import type { PlanData } from './site.ts';

/** Texts shorter than this are left as they are: a table entry would cost more than the copy. */
const SHARED_MIN = 64;

/** Hands out one string for every distinct text it is given. */
export class TextTable {
  readonly texts: string[] = [];
  private readonly index = new Map<string, number>();

  /** The index of `text` in `texts`, added when new. */
  indexOf(text: string): number {
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.texts.push(text) - 1;
      this.index.set(text, at);
    }
    return at;
  }

  /** The table's string equal to `text` (`text` itself the first time). */
  share(text: string): string {
    return text.length < SHARED_MIN ? text : this.texts[this.indexOf(text)]!;
  }
}

/** `data` with the pages' bodies and the prepared code of equal text as one string each (changed in place). */
export function shareTexts(data: PlanData): PlanData {
  const table = new TextTable();
  for (const page of data.loaded.plan.pages) page.body = table.share(page.body);
  for (const entry of data.prepared ?? []) entry[1] = table.share(entry[1]);
  return data;
}

/** A plan with its texts in a table: `data` holds '' for each body and prepared code, `bodies`/`codes` their index. */
export interface PackedTexts {
  data: PlanData;
  texts: string[];
  /** Per page of `data.loaded.plan.pages`, the index of its body in `texts`. */
  bodies: number[];
  /** Per entry of `data.prepared`, the index of its code in `texts`. */
  codes: number[];
}

/** `data` with each distinct body and prepared code once (`data` itself is left as it is). */
export function packTexts(data: PlanData): PackedTexts {
  const table = new TextTable();
  const { plan } = data.loaded;
  const bodies = plan.pages.map((p) => table.indexOf(p.body));
  const prepared = data.prepared ?? [];
  const codes = prepared.map(([, code]) => table.indexOf(code));
  const pages = plan.pages.map((p) => ({ ...p, body: '' }));
  return {
    data: { ...data, loaded: { ...data.loaded, plan: { ...plan, pages } }, prepared: prepared.map(([abs]) => [abs, '']) },
    texts: table.texts,
    bodies,
    codes,
  };
}

/** The plan `packTexts` made, its texts put back (the packed data is changed in place); undefined when it does not fit. */
export function unpackTexts({ data, texts, bodies, codes }: PackedTexts): PlanData | undefined {
  const { pages } = data.loaded.plan;
  const prepared = data.prepared ?? [];
  if (bodies.length !== pages.length || codes.length !== prepared.length) return undefined;
  const text = (i: number) => (Number.isInteger(i) ? texts[i] : undefined);
  for (let i = 0; i < pages.length; i++) {
    const body = text(bodies[i]!);
    if (body === undefined) return undefined;
    pages[i]!.body = body;
  }
  for (let i = 0; i < codes.length; i++) {
    const code = text(codes[i]!);
    if (code === undefined) return undefined;
    prepared[i]![1] = code;
  }
  return data;
}
