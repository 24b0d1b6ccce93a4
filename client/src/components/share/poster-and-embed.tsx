import { Check, Code2, Copy, QrCode } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { useT } from '#client/lib/i18n/use-t';

/** The server's pages for a shared story or tour (docs/decisions/055-qr-posters-and-embeds.md). */
const pagePath = (page: 'posters' | 'embed', kind: 'story' | 'tour', id: string) =>
  `/${page}/${kind === 'story' ? 'stories' : 'tours'}/${encodeURIComponent(id)}`;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<iframe>` a creator pastes into their own page. */
function embedSnippet(kind: 'story' | 'tour', id: string, title: string, origin: string): string {
  const src = `${origin}${pagePath('embed', kind, id)}`;
  return `<iframe src="${attribute(src)}" title="${attribute(`${title} — Whispers`)}" width="100%" height="280" style="border:0;max-width:28rem" loading="lazy"></iframe>`;
}

/**
 * "QR code / poster" (the printable page, in a new tab) and "Embed" (the iframe snippet to copy) for a story or
 * tour that has a share page; small, keyboard-reachable, announced when copied.
 */
export function PosterAndEmbed({ kind, id, title }: { kind: 'story' | 'tour'; id: string; title: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const panelId = useId();
  const fieldId = useId();
  const snippet = embedSnippet(kind, id, title, window.location.origin);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={pagePath('posters', kind, id)} target="_blank" rel="noopener">
            <QrCode aria-hidden />
            {t('share.poster')}
            <span className="sr-only">{t('share.opensNewTab')}</span>
          </a>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen((value) => !value);
            setCopied(null);
          }}
        >
          <Code2 aria-hidden />
          {t('share.embed')}
        </Button>
      </div>
      {open && (
        <div id={panelId} className="grid min-w-0 gap-2 rounded-lg border border-night-700 bg-night-900/70 p-3">
          <label htmlFor={fieldId} className="text-sm text-mist-200">
            {t('share.embedLabel')}
          </label>
          <textarea
            id={fieldId}
            readOnly
            rows={3}
            value={snippet}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-none rounded-md border border-night-600 bg-night-950 p-2 font-mono text-xs text-mist-100"
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" size="sm" onClick={() => void copy()}>
              {copied === 'yes' ? <Check aria-hidden /> : <Copy aria-hidden />}
              {t('share.copy')}
            </Button>
            <p role="status" className="text-sm text-mist-300">
              {copied === 'yes' ? t('share.copied') : copied === 'failed' ? t('share.copyFailed') : ''}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
