/**
 * What a second language costs the first screen (docs/decisions/062-interface-languages.md; goal ≤ 15 KiB gzip):
 * builds the client as production does (without writing it) and prints, per language, the gzip size of its
 * catalogue chunk — the one request a Spanish or Arabic reader's first screen adds, before the first render — and
 * the English catalogue's share of the entry, which every reader loads. Sizes, not timings: the load average is
 * printed for the record only.
 * Run: npx tsx bench/catalogues.ts
 */
import os from 'node:os';
import zlib from 'node:zlib';
import { build } from 'vite';
import { compileCatalogue, readCatalogue } from '../client/i18n-catalogues';
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

const catalogueChunk = (locale: string) =>
  chunks.find((c) =>
    (c.moduleIds ?? [c.facadeModuleId ?? '']).some((id) => id.endsWith(`virtual:interface-messages/${locale}`)),
  );

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} · ${os.cpus().length} cores`,
);
let worst = 0;
for (const locale of INTERFACE_LOCALES) {
  const { messages } = readCatalogue(locale);
  const compiled = JSON.stringify(compileCatalogue(messages, locale));
  const chunk = catalogueChunk(locale);
  if (locale === 'en') {
    console.log(
      `en: ${Object.keys(messages).length} messages, in the entry (${chunk?.fileName ?? '?'}): ` +
        `compiled catalogue ${kib(gzip(compiled))} KiB gzip on its own`,
    );
    continue;
  }
  if (!chunk?.code) throw new Error(`no chunk holds the ${locale} catalogue`);
  const size = gzip(chunk.code);
  worst = Math.max(worst, size);
  console.log(
    `${locale}: ${Object.keys(messages).length} messages, ${chunk.fileName}: ${kib(size)} KiB gzip added to the first screen`,
  );
}
console.log(`goal ≤ ${GOAL_KIB} KiB gzip per added language: ${worst / 1024 <= GOAL_KIB ? 'met' : 'NOT met'}`);
