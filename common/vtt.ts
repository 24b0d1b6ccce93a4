/**
 * Transcripts and captions (docs/decisions/056-transcripts-and-captions.md): the one parser both sides use. An
 * author's text — typed, or a WebVTT file read in the browser — becomes plain cues: `WEBVTT` header, timings
 * `hh:mm:ss.ttt --> hh:mm:ss.ttt` (hours optional), each cue starting after the previous one ended and ending by
 * the media's end, within the size bounds. Cue text keeps no markup: tags (`<c.x>`, `<v Name>`, `<script>`) are
 * dropped, entities decoded, unsafe characters left out (the public-text rule, common/text.ts). What readers get is
 * made again from the stored cues (`formatVtt`), never the upload as it came.
 */
import { safeDisplayName } from './text';

/** One cue: seconds (millisecond precision), or null times for a plain-text transcript's paragraph. */
export interface Cue {
  start: number | null;
  end: number | null;
  text: string;
}

export interface ParsedTranscript {
  /** True when every cue has its times (a WebVTT file); false for plain text. */
  timed: boolean;
  cues: Cue[];
}

export type TranscriptParse = { ok: true; transcript: ParsedTranscript } | { ok: false; message: string };

export const TRANSCRIPT_LIMITS = {
  /** The whole text, in UTF-8 bytes. */
  maxBytes: 200_000,
  maxCues: 2_000,
  /** One cue's (or one paragraph's) text after sanitising. */
  maxCueChars: 2_000,
  /** Media durations are whole seconds: a cue may end up to this far past the stored one. */
  durationSlackSeconds: 1,
} as const;

export const TRANSCRIPT_MESSAGES = {
  empty: 'The transcript is empty. Type the words of the story or choose a WebVTT file.',
  tooLarge: `The transcript is too large (at most ${TRANSCRIPT_LIMITS.maxBytes / 1000} KB).`,
  tooManyCues: `The transcript has too many cues (at most ${TRANSCRIPT_LIMITS.maxCues.toLocaleString('en-US')}).`,
  header: 'A WebVTT file must start with the line WEBVTT.',
  timing: (line: number) => `Line ${line}: a cue timing must read hh:mm:ss.ttt --> hh:mm:ss.ttt.`,
  noTiming: (line: number) => `Line ${line}: this block has no cue timing (hh:mm:ss.ttt --> hh:mm:ss.ttt).`,
  startAfterEnd: (line: number) => `Line ${line}: a cue must end after it starts.`,
  overlap: (line: number) => `Line ${line}: this cue starts before the previous one ends; cues must be in order.`,
  pastEnd: (line: number, duration: number) =>
    `Line ${line}: this cue ends after the recording does (${formatClock(duration)}).`,
  cueTooLong: (line: number) =>
    `Line ${line}: this cue is too long (at most ${TRANSCRIPT_LIMITS.maxCueChars.toLocaleString('en-US')} characters).`,
} as const;

const TIMESTAMP = String.raw`(?:(\d{2,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const TIMING_LINE = new RegExp(String.raw`^${TIMESTAMP}[ \t]+-->[ \t]+${TIMESTAMP}(?:[ \t]+.*)?$`);
const HEADER = /^WEBVTT(?:[ \t].*)?$/;

const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/** `m:ss` (or `h:mm:ss`) for messages. */
function formatClock(total: number): string {
  const whole = Math.floor(total);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', lrm: '', rlm: '', quot: '"' };

/**
 * A cue's text as plain text: every tag left out (its content kept as text, so `<script>x</script>` is the
 * harmless word "x"), the entities WebVTT knows decoded, unsafe characters dropped, blank lines removed.
 */
export function plainCueText(raw: string): string {
  const untagged = raw.replace(/<[^>]*>?/g, '');
  const decoded = untagged.replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot);/g, (_m, name: string) => ENTITIES[name]!);
  return decoded
    .split('\n')
    .map((line) => safeDisplayName(line.replace(/\t/g, ' ')).trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

function normalise(input: string): string {
  return input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

interface Block {
  /** 1-based line number of the block's first line. */
  line: number;
  lines: string[];
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/[ \t]+$/, '');
    if (line === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { line: index + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  });
  return blocks;
}

/** A WebVTT text as cues, or the first problem found. `duration` (seconds) bounds the cues; null: unknown. */
export function parseWebVtt(input: string, duration: number | null): TranscriptParse {
  if (utf8Bytes(input) > TRANSCRIPT_LIMITS.maxBytes) return { ok: false, message: TRANSCRIPT_MESSAGES.tooLarge };
  const blocks = blocksOf(normalise(input));
  const header = blocks.shift();
  if (!header || !HEADER.test(header.lines[0]!)) return { ok: false, message: TRANSCRIPT_MESSAGES.header };
  // Header lines after WEBVTT that hold a timing begin the first cue (no blank line between): not allowed.
  if (header.lines.slice(1).some((line) => line.includes('-->')))
    return { ok: false, message: TRANSCRIPT_MESSAGES.noTiming(header.line + 1) };

  const cues: Cue[] = [];
  let previousEnd = 0;
  for (const block of blocks) {
    const first = block.lines[0]!;
    // Comments, style sheets and regions are not cues; nothing of them is kept.
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first) && !first.includes('-->')) continue;
    const timingIndex = first.includes('-->') ? 0 : 1;
    const timingLine = block.lines[timingIndex];
    const lineNumber = block.line + timingIndex;
    if (timingLine === undefined || !timingLine.includes('-->'))
      return { ok: false, message: TRANSCRIPT_MESSAGES.noTiming(block.line) };
    const match = TIMING_LINE.exec(timingLine);
    if (!match) return { ok: false, message: TRANSCRIPT_MESSAGES.timing(lineNumber) };
    const start = seconds(match[1], match[2]!, match[3]!, match[4]!);
    const end = seconds(match[5], match[6]!, match[7]!, match[8]!);
    if (end <= start) return { ok: false, message: TRANSCRIPT_MESSAGES.startAfterEnd(lineNumber) };
    if (start < previousEnd) return { ok: false, message: TRANSCRIPT_MESSAGES.overlap(lineNumber) };
    if (duration !== null && end > duration + TRANSCRIPT_LIMITS.durationSlackSeconds)
      return { ok: false, message: TRANSCRIPT_MESSAGES.pastEnd(lineNumber, duration) };
    const body = block.lines.slice(timingIndex + 1);
    if (body.some((line) => line.includes('-->')))
      return { ok: false, message: TRANSCRIPT_MESSAGES.noTiming(lineNumber + 1) };
    const text = plainCueText(body.join('\n'));
    if (text.length > TRANSCRIPT_LIMITS.maxCueChars)
      return { ok: false, message: TRANSCRIPT_MESSAGES.cueTooLong(lineNumber) };
    previousEnd = end;
    // A cue with nothing left to say (only markup) is dropped.
    if (text === '') continue;
    if (cues.length === TRANSCRIPT_LIMITS.maxCues) return { ok: false, message: TRANSCRIPT_MESSAGES.tooManyCues };
    cues.push({ start, end, text });
  }
  if (cues.length === 0) return { ok: false, message: TRANSCRIPT_MESSAGES.empty };
  return { ok: true, transcript: { timed: true, cues } };
}

/** A plain-text transcript: one untimed cue per paragraph (paragraphs are separated by blank lines). */
export function parsePlainTranscript(input: string): TranscriptParse {
  if (utf8Bytes(input) > TRANSCRIPT_LIMITS.maxBytes) return { ok: false, message: TRANSCRIPT_MESSAGES.tooLarge };
  const cues: Cue[] = [];
  for (const block of blocksOf(normalise(input))) {
    const text = plainCueText(block.lines.join('\n'));
    if (text.length > TRANSCRIPT_LIMITS.maxCueChars)
      return { ok: false, message: TRANSCRIPT_MESSAGES.cueTooLong(block.line) };
    if (text === '') continue;
    if (cues.length === TRANSCRIPT_LIMITS.maxCues) return { ok: false, message: TRANSCRIPT_MESSAGES.tooManyCues };
    cues.push({ start: null, end: null, text });
  }
  if (cues.length === 0) return { ok: false, message: TRANSCRIPT_MESSAGES.empty };
  return { ok: true, transcript: { timed: false, cues } };
}

/** Whether a text is WebVTT (its first line is the WEBVTT header) rather than plain text. */
function looksLikeWebVtt(input: string): boolean {
  return /^WEBVTT(?:[ \t\n]|$)/.test(normalise(input).trimStart());
}

/** A line that reads like a cue timing (`00:01.000 -->`): such a text is meant as WebVTT, header or not. */
const TIMING_LIKE = /^[ \t]*[\d:.]+[ \t]+-->/m;

/** An author's text as a transcript: WebVTT when it starts with its header or has cue timings, plain paragraphs otherwise. */
export function parseTranscript(input: string, duration: number | null): TranscriptParse {
  return looksLikeWebVtt(input) || TIMING_LIKE.test(input) ? parseWebVtt(input, duration) : parsePlainTranscript(input);
}

/** `hh:mm:ss.ttt`. */
function formatTimestamp(total: number): string {
  const ms = Math.round(total * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const escapeCueText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The WebVTT file readers get, made from stored (timed) cues. */
export function formatVtt(cues: readonly Cue[]): string {
  const blocks = cues.map(
    (cue) => `${formatTimestamp(cue.start ?? 0)} --> ${formatTimestamp(cue.end ?? 0)}\n${escapeCueText(cue.text)}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** A stored transcript as the text its author edits: WebVTT when timed, paragraphs otherwise. */
export function transcriptText(transcript: ParsedTranscript): string {
  return transcript.timed ? formatVtt(transcript.cues) : transcript.cues.map((cue) => cue.text).join('\n\n');
}
