/**
 * QR codes of share links (docs/decisions/055-qr-posters-and-embeds.md), made with the `qrcode` package: the code
 * holds the share page's absolute URL and nothing else. Error correction M (15 %): a printed poster survives
 * a fold or a smudge, and a share URL stays a small code (version 4-6).
 */
import QRCode from 'qrcode';
import { escapeHtml } from './share-tags';

const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The bare code as a PNG (black on white, quiet zone included), `width` pixels square. */
export async function qrPng(url: string, width = 480): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width });
}

/** The bare code as an `<svg>` element (one path, scalable), for pages that place it themselves. */
export async function qrSvgElement(url: string, label: string): Promise<string> {
  const svg = await QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
  // The package writes `<svg xmlns=… viewBox=…>`; the label makes it an image with a name for screen readers.
  return svg.replace('<svg ', () => `<svg role="img" aria-label="${escapeHtml(label)}" `).trim();
}

/**
 * A stand-alone SVG to download and print: the code with the title and a line beneath, in a white card.
 * Every text is escaped for XML (the title is the author's).
 */
export async function qrSvgCard(url: string, title: string, line: string): Promise<string> {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const size = modules.size + QR_OPTIONS.margin * 2;
  const unit = 10;
  const width = size * unit;
  const path = await QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
  // The package's code drawing (its path with `d`), re-scaled into the card's upper square.
  const drawing = /<path[^>]*stroke="#000000"[^>]*\/>/.exec(path)?.[0] ?? '';
  const shortTitle = title.length > 48 ? `${title.slice(0, 47)}…` : title;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${width + 130}" width="${width}" height="${width + 130}" role="img" aria-label="${escapeHtml(`QR code: ${shortTitle}`)}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<g transform="scale(${unit})" shape-rendering="crispEdges">${drawing}</g>`,
    `<text x="${width / 2}" y="${width + 30}" text-anchor="middle" font-family="Georgia, serif" font-size="34" font-weight="bold" fill="#111111">${escapeHtml(shortTitle)}</text>`,
    `<text x="${width / 2}" y="${width + 90}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="26" fill="#333333">${escapeHtml(line)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
