/**
 * What a second language costs the first screen (docs/decisions/062-interface-languages.md; goal ≤ 15 KiB gzip):
 * builds the client as production does (without writing it) and prints, per language, the gzip size of its `first`
 * chunk — the one request a Spanish or Arabic reader's first screen adds, before the first render — and of its
 * `rest` chunk, fetched right after (not counted against the goal), and the English catalogue's share of the entry,
 * which every reader loads. Sizes, not timings: the load average is printed for the record only.
 * Run: npx tsx bench/catalogues.ts
 */
import os from 'node:os';
import zlib from 'node:zlib';
import { build } from 'vite';
import { cataloguePart, compileCatalogue, readCatalogue, type CataloguePart } from '../client/i18n-catalogues';
import { INTERFACE_LOCALES } from '../common/locales';

const GOAL_KIB = 15;
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const gzip = (text: string) => zlib.gzipSync(text, { level: 9 }).length;

interface OutputChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  facadeModuleId?: string | null;
  moduleIds?: string[];
  isEntry?: boolean;
}

const result = await build({ logLevel: 'warn', build: { write: false, emptyOutDir: false } });
const outputs = (Array.isArray(result) ? result : [result]) as { output: OutputChunk[] }[];
const chunks = outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk' && c.code !== undefined);

const catalogueChunk = (module: string) =>
  chunks.find((c) =>
    (c.moduleIds ?? [c.facadeModuleId ?? '']).some((id) => id.endsWith(`virtual:interface-messages/${module}`)),
  );

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} · ${os.cpus().length} cores`,
);
/** One part's chunk of a language's catalogue: its file, its gzip size and how many messages it holds. */
function part(locale: string, name: CataloguePart, messages: Record<string, string>) {
  const chunk = catalogueChunk(`${locale}-${name}`);
  if (!chunk?.code) throw new Error(`no chunk holds the ${locale} catalogue's ${name} part`);
  // The chunk must hold that part alone: anything else in it would be counted as the catalogue's.
  if ((chunk.moduleIds?.length ?? 1) !== 1) throw new Error(`${chunk.fileName} holds more than the ${name} part`);
  return {
    fileName: chunk.fileName,
    size: gzip(chunk.code),
    messages: Object.keys(cataloguePart(messages, name)).length,
  };
}

let worst = 0;
for (const locale of INTERFACE_LOCALES) {
  const { messages } = readCatalogue(locale);
  if (locale === 'en') {
    const compiled = JSON.stringify(compileCatalogue(messages, locale));
    const chunk = catalogueChunk(locale);
    console.log(
      `en: ${Object.keys(messages).length} messages, in the entry (${chunk?.fileName ?? '?'}): ` +
        `compiled catalogue ${kib(gzip(compiled))} KiB gzip on its own`,
    );
    continue;
  }
  const first = part(locale, 'first', messages);
  const rest = part(locale, 'rest', messages);
  worst = Math.max(worst, first.size);
  console.log(
    `${locale}: ${Object.keys(messages).length} messages; first screen adds ${kib(first.size)} KiB gzip ` +
      `(${first.fileName}, ${first.messages} messages); rest ${kib(rest.size)} KiB gzip right after ` +
      `(${rest.fileName}, ${rest.messages} messages)`,
  );
}
console.log(
  `goal ≤ ${GOAL_KIB} KiB gzip added to the first screen per language: ${worst / 1024 <= GOAL_KIB ? 'met' : 'NOT met'} ` +
    `(largest ${kib(worst)} KiB)`,
);
