import { describe, expect, it } from 'vitest';
import {
  formatVtt,
  parsePlainTranscript,
  parseTranscript,
  parseWebVtt,
  plainCueText,
  TRANSCRIPT_LIMITS,
  TRANSCRIPT_MESSAGES,
  type TranscriptParse,
} from './vtt';

const cuesOf = (result: TranscriptParse) => {
  if (!result.ok) throw new Error(result.message);
  return result.transcript.cues;
};
const messageOf = (result: TranscriptParse) => (result.ok ? null : result.message);

const GOOD = `WEBVTT

00:00.000 --> 00:02.500
Hello from the old mill.

intro-2
00:00:02.500 --> 00:00:05.000 align:start position:10%
The river ran <i>right here</i>.
`;

describe('parseWebVtt', () => {
  it('reads cues with and without hours, identifiers and settings', () => {
    expect(cuesOf(parseWebVtt(GOOD, 10))).toEqual([
      { start: 0, end: 2.5, text: 'Hello from the old mill.' },
      { start: 2.5, end: 5, text: 'The river ran right here.' },
    ]);
  });

  it('takes a byte-order mark and CRLF line ends', () => {
    expect(cuesOf(parseWebVtt(`\uFEFF${GOOD.replace(/\n/g, '\r\n')}`, 10))).toHaveLength(2);
  });

  it('refuses a file without the WEBVTT header', () => {
    expect(messageOf(parseWebVtt('00:00.000 --> 00:01.000\nHi\n', 10))).toBe(TRANSCRIPT_MESSAGES.header);
    expect(messageOf(parseWebVtt('WEBVTTX\n\n00:00.000 --> 00:01.000\nHi\n', 10))).toBe(TRANSCRIPT_MESSAGES.header);
  });

  it('leaves no markup or script in the cue text', () => {
    const hostile = `WEBVTT

STYLE
::cue { background: url(javascript:alert(1)) }

00:00.000 --> 00:01.000
<script>alert('x')</script><c.evil>boo</c> <v Mallory>hi</v> &lt;img src=x onerror=alert(1)&gt;

00:01.000 --> 00:02.000
<b><u>
`;
    const cues = cuesOf(parseWebVtt(hostile, 10));
    // The tag-only cue is dropped; the style block is not a cue.
    expect(cues).toHaveLength(1);
    expect(cues[0]!.text).toBe("alert('x')boo hi <img src=x onerror=alert(1)>");
    // Served again, the decoded brackets are escaped: no tag survives in the file readers get.
    const served = formatVtt(cues);
    expect(served).not.toMatch(/<[a-z/!]/i);
    expect(served).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(served).not.toContain('STYLE');
  });

  it('leaves out control and bidirectional-override characters', () => {
    expect(plainCueText('a\u202Eb\u0007c\u200Bd')).toBe('abcd');
  });

  it('refuses negative, reversed, malformed and overlapping times', () => {
    expect(messageOf(parseWebVtt('WEBVTT\n\n-00:01.000 --> 00:02.000\nx\n', 10))).toBe(TRANSCRIPT_MESSAGES.timing(3));
    expect(messageOf(parseWebVtt('WEBVTT\n\n00:02.000 --> 00:01.000\nx\n', 10))).toBe(
      TRANSCRIPT_MESSAGES.startAfterEnd(3),
    );
    expect(messageOf(parseWebVtt('WEBVTT\n\n00:01.000 --> 00:01.000\nx\n', 10))).toBe(
      TRANSCRIPT_MESSAGES.startAfterEnd(3),
    );
    expect(messageOf(parseWebVtt('WEBVTT\n\n0:1.5 --> 00:02.000\nx\n', 10))).toBe(TRANSCRIPT_MESSAGES.timing(3));
    expect(messageOf(parseWebVtt('WEBVTT\n\n00:61.000 --> 00:62.000\nx\n', 100))).toBe(TRANSCRIPT_MESSAGES.timing(3));
    const overlapping = 'WEBVTT\n\n00:00.000 --> 00:03.000\na\n\n00:02.000 --> 00:04.000\nb\n';
    expect(messageOf(parseWebVtt(overlapping, 10))).toBe(TRANSCRIPT_MESSAGES.overlap(6));
    const unordered = 'WEBVTT\n\n00:05.000 --> 00:06.000\na\n\n00:01.000 --> 00:02.000\nb\n';
    expect(messageOf(parseWebVtt(unordered, 10))).toBe(TRANSCRIPT_MESSAGES.overlap(6));
  });

  it('refuses a block without a timing, and a timing inside a cue', () => {
    expect(messageOf(parseWebVtt('WEBVTT\n\njust words\n', 10))).toBe(TRANSCRIPT_MESSAGES.noTiming(3));
    expect(messageOf(parseWebVtt('WEBVTT\n\n00:00.000 --> 00:01.000\na\n00:01.000 --> 00:02.000\nb\n', 10))).toBe(
      TRANSCRIPT_MESSAGES.noTiming(4),
    );
  });

  it('refuses a cue that ends after the recording (a second of slack for whole-second durations)', () => {
    const at = (end: string) => `WEBVTT\n\n00:00.000 --> ${end}\nx\n`;
    expect(parseWebVtt(at('00:10.900'), 10).ok).toBe(true);
    expect(messageOf(parseWebVtt(at('00:11.001'), 10))).toBe(TRANSCRIPT_MESSAGES.pastEnd(3, 10));
    expect(messageOf(parseWebVtt(at('01:00:00.000'), 125))).toBe(TRANSCRIPT_MESSAGES.pastEnd(3, 125));
    // An unknown duration bounds nothing.
    expect(parseWebVtt(at('01:00:00.000'), null).ok).toBe(true);
  });

  it('bounds the size, the number of cues and one cue', () => {
    const huge = `WEBVTT\n\n00:00.000 --> 00:01.000\n${'a'.repeat(TRANSCRIPT_LIMITS.maxBytes)}\n`;
    expect(messageOf(parseWebVtt(huge, 10))).toBe(TRANSCRIPT_MESSAGES.tooLarge);
    const long = `WEBVTT\n\n00:00.000 --> 00:01.000\n${'a'.repeat(TRANSCRIPT_LIMITS.maxCueChars + 1)}\n`;
    expect(messageOf(parseWebVtt(long, 10))).toBe(TRANSCRIPT_MESSAGES.cueTooLong(3));
    const many = Array.from(
      { length: TRANSCRIPT_LIMITS.maxCues + 1 },
      (_, i) =>
        `${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000 --> ${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.500\nc`,
    );
    expect(messageOf(parseWebVtt(`WEBVTT\n\n${many.join('\n\n')}\n`, null))).toBe(TRANSCRIPT_MESSAGES.tooManyCues);
  });

  it('refuses a file with no cue left', () => {
    expect(messageOf(parseWebVtt('WEBVTT\n\nNOTE nothing here\n', 10))).toBe(TRANSCRIPT_MESSAGES.empty);
  });

  it('is read back the same from the file it serves', () => {
    const cues = cuesOf(parseWebVtt(GOOD, 10));
    expect(cuesOf(parseWebVtt(formatVtt(cues), 10))).toEqual(cues);
  });
});

describe('plain-text transcripts', () => {
  it('makes one untimed cue per paragraph, without markup', () => {
    const result = parsePlainTranscript('First <b>para</b>.\r\nSame para.\r\n\r\n\r\nSecond <script>x</script>.');
    expect(cuesOf(result)).toEqual([
      { start: null, end: null, text: 'First para.\nSame para.' },
      { start: null, end: null, text: 'Second x.' },
    ]);
  });

  it('tells WebVTT from plain text by its header', () => {
    expect(parseTranscript(GOOD, 10)).toMatchObject({ ok: true, transcript: { timed: true } });
    expect(parseTranscript('We walked to the mill.', 10)).toMatchObject({ ok: true, transcript: { timed: false } });
    expect(messageOf(parseTranscript('  \n\n ', 10))).toBe(TRANSCRIPT_MESSAGES.empty);
    // Cue timings without the header are a WebVTT file missing it, not prose.
    expect(messageOf(parseTranscript('00:00.000 --> 00:01.000\nHi\n', 10))).toBe(TRANSCRIPT_MESSAGES.header);
  });
});
