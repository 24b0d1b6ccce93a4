/**
 * The two pages a share card becomes (docs/decisions/055-qr-posters-and-embeds.md), server-rendered, with no script:
 * - the embeddable card (`/embed/…`): a small block for an `<iframe>` — title, author, place, the lock line and a
 *   button that opens the share page in a new tab;
 * - the poster (`/posters/…`): the QR code with the title and "Scan to find this whisper" beneath, laid out for
 *   A4 or A6 paper (`@page`), with links to switch the size and to download the code.
 * Every text from a person (title, author, place) is HTML-escaped.
 */
import { CARD_UNLOCK_LINES, POSTER_LINES, type ShareCard } from './share-cards';
import { escapeHtml } from './share-tags';

export type PosterSize = 'a4' | 'a6';

const page = (title: string, style: string, body: string) =>
  [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="robots" content="noindex" />',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${style}</style>`,
    '</head>',
    `<body>${body}</body>`,
    '</html>',
    '',
  ].join('\n');

const EMBED_STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: transparent; }
  .card { max-width: 28rem; margin: 0; padding: .9rem 1.1rem; border-radius: 14px; border: 1px solid #2c2a4a;
    background: #14122b; color: #ece9ff; }
  .kicker { margin: 0 0 .25rem; font-size: .72rem; letter-spacing: .08em; text-transform: uppercase; color: #b9a8ff; }
  h1 { margin: 0; font: 600 1.2rem/1.3 Georgia, "Times New Roman", serif; overflow-wrap: anywhere; }
  .meta { margin: .35rem 0 0; color: #c9c5e6; font-size: .88rem; overflow-wrap: anywhere; }
  .lock { margin: .7rem 0 0; display: flex; gap: .4rem; align-items: center; color: #ffd28a; font-weight: 600; font-size: .9rem; }
  .open { display: inline-block; margin-top: .8rem; padding: .55rem .95rem; border-radius: 10px; background: #7c5cff;
    color: #fff; font-weight: 600; text-decoration: none; }
  .open:hover { background: #6a48f5; }
  .open:focus-visible { outline: 3px solid #ffd28a; outline-offset: 2px; }
  .brand { margin: .8rem 0 0; font-size: .75rem; color: #a39fc4; }`;

/** A padlock drawn inline: no emoji font needed, no request of its own. */
/** ` lang="…"` for a card's title in its story's language (nothing for a tour's). */
const titleLang = (card: ShareCard) => (card.language ? ` lang="${escapeHtml(card.language)}"` : '');

const LOCK_ICON =
  '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2"' +
  ' stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>';

/** The embeddable card: `href` is the share page (absolute when the origin is known). */
export function embedPage(card: ShareCard, href: string): string {
  const kicker = card.kind === 'story' ? 'A whisper' : 'A walking tour';
  const near = card.near ? ` · ${escapeHtml(card.near)}` : '';
  const body = `
<article class="card" aria-labelledby="card-title">
  <p class="kicker">${kicker}</p>
  <h1 id="card-title"${titleLang(card)}>${escapeHtml(card.title)}</h1>
  <p class="meta">by ${escapeHtml(card.author)}${near}</p>
  <p class="meta">${escapeHtml(card.summary)}</p>
  <p class="lock">${LOCK_ICON}${CARD_UNLOCK_LINES[card.kind]}</p>
  <a class="open" href="${escapeHtml(href)}" target="_blank" rel="noopener">Open in Whispers<span class="sr"> (opens a new tab)</span></a>
  <p class="brand">Whispers — Discover hidden stories</p>
</article>`;
  return page(
    `${card.title} — Whispers`,
    `${EMBED_STYLE}\n  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }`,
    body,
  );
}

const POSTER_STYLE = (size: PosterSize) => `
  @page { size: ${size === 'a4' ? 'A4' : 'A6'}; margin: ${size === 'a4' ? '18mm' : '8mm'}; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; background: #fff; }
  .tools { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; padding: .75rem 1rem; background: #14122b; color: #ece9ff; font-size: .95rem; }
  .tools a { color: #d9ceff; }
  .tools a[aria-current="page"] { color: #fff; font-weight: 700; text-decoration: none; }
  .tools a:focus-visible { outline: 3px solid #ffd28a; outline-offset: 2px; }
  .poster { margin: 0 auto; padding: 1.5rem 1rem 2rem; text-align: center; max-width: ${size === 'a4' ? '174mm' : '89mm'}; }
  .code svg { display: block; width: 100%; max-width: ${size === 'a4' ? '150mm' : '80mm'}; height: auto; margin: 0 auto; }
  h1 { margin: .6rem 0 0; font: 700 ${size === 'a4' ? '2rem' : '1.15rem'}/1.2 Georgia, "Times New Roman", serif; overflow-wrap: anywhere; }
  .line { margin: .5rem 0 0; font-size: ${size === 'a4' ? '1.35rem' : '.95rem'}; }
  .meta { margin: .4rem 0 0; color: #444; font-size: ${size === 'a4' ? '1rem' : '.75rem'}; overflow-wrap: anywhere; }
  .url { margin: .6rem 0 0; color: #555; font-size: ${size === 'a4' ? '.85rem' : '.6rem'}; overflow-wrap: anywhere; }
  @media print { .tools { display: none; } .poster { padding: 0; } }`;

/** The poster: `qrSvg` is the code drawn for `shareUrl` (qr.ts); `basePath` the poster's own path. */
export function posterPage(
  card: ShareCard,
  args: { qrSvg: string; shareUrl: string; size: PosterSize; basePath: string },
): string {
  const { size, basePath } = args;
  const sizeLink = (value: PosterSize, label: string) =>
    `<a href="${escapeHtml(`${basePath}?size=${value}`)}"${value === size ? ' aria-current="page"' : ''}>${label}</a>`;
  const api = card.kind === 'story' ? 'stories' : 'tours';
  const codePath = `/api/${api}/${encodeURIComponent(card.id)}/qr`;
  const near = card.near ? ` · ${escapeHtml(card.near)}` : '';
  const body = `
<nav class="tools" aria-label="Poster">
  <span>Paper: ${sizeLink('a4', 'A4')} ${sizeLink('a6', 'A6')}</span>
  <span>Print with your browser (Ctrl+P or ⌘P).</span>
  <span>Download the code: <a href="${escapeHtml(`${codePath}.svg`)}" download>SVG</a> · <a href="${escapeHtml(`${codePath}.png`)}" download>PNG</a></span>
</nav>
<main class="poster">
  <div class="code">${args.qrSvg}</div>
  <h1${titleLang(card)}>${escapeHtml(card.title)}</h1>
  <p class="line">${POSTER_LINES[card.kind]}</p>
  <p class="meta">by ${escapeHtml(card.author)}${near}</p>
  <p class="url">${escapeHtml(args.shareUrl)}</p>
</main>`;
  return page(`Poster: ${card.title} — Whispers`, POSTER_STYLE(size), body);
}
