/**
 * An audio story's transcript or a video's captions beside the player (docs/decisions/056-transcripts-and-captions.md):
 * expandable; with times, the cue being played is marked and a cue seeks the player; opening it counts as
 * "transcript opened" in the author's insights. Without one: "No transcript yet", and to the author a prompt with
 * the editor.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Cue } from '#common/vtt';
import type { Story } from '#common/schemas';
import { formatDuration } from '#client/lib/stories/story-display';
import { reportInsightEvent } from '#client/lib/insights/report-event';
import { cn } from '#client/lib/utils';
import { useT } from '#client/lib/i18n/use-t';
import { useTranscriptFile } from '../../api/transcript';
import { TranscriptEditorButton } from '../transcript-editor';

/** The story's audio or video element, found beside the panel (the players keep their own refs). */
function usePlayback(mediaArea: RefObject<HTMLElement | null>) {
  const [time, setTime] = useState(0);
  useEffect(() => {
    const media = mediaArea.current?.querySelector<HTMLMediaElement>('audio, video');
    if (!media) return;
    const update = () => setTime(media.currentTime);
    media.addEventListener('timeupdate', update);
    media.addEventListener('seeked', update);
    return () => {
      media.removeEventListener('timeupdate', update);
      media.removeEventListener('seeked', update);
    };
  }, [mediaArea]);
  const seek = (seconds: number) => {
    const media = mediaArea.current?.querySelector<HTMLMediaElement>('audio, video');
    if (!media) return;
    media.currentTime = seconds;
    setTime(seconds);
    void media.play().catch(() => undefined);
  };
  return { time, seek };
}

export function StoryTranscript({
  story,
  isAuthor,
  mediaArea,
}: {
  story: Story;
  isAuthor: boolean;
  mediaArea: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const file = useTranscriptFile(story.transcriptUrl, open);
  const { time, seek } = usePlayback(mediaArea);
  const captions = story.type === 'video';
  const heading = captions ? t('story.captionsAndTranscript') : t('story.transcript');

  if (!story.transcriptUrl) {
    return (
      <section aria-label={heading} className="grid gap-2 rounded-xl border border-night-600 bg-night-800/60 p-3">
        <p className="text-sm text-mist-300">{t('story.noTranscript')}</p>
        {isAuthor && (
          <>
            <p className="text-sm text-mist-100">
              {captions ? t('story.addCaptionsPrompt') : t('story.addTranscriptPrompt')}
            </p>
            <TranscriptEditorButton story={story} />
          </>
        )}
      </section>
    );
  }

  return (
    <details
      className="group rounded-xl border border-night-600 bg-night-800/60 p-3"
      onToggle={(event) => {
        const opened = event.currentTarget.open;
        setOpen(opened);
        if (opened && !isAuthor) reportInsightEvent(story.id, 'transcript');
      }}
    >
      <summary className="cursor-pointer rounded text-sm font-semibold text-mist-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-glow-400">
        {heading}
      </summary>
      <div className="mt-2 grid gap-2">
        {file.isPending ? (
          <p role="status" className="text-sm text-mist-300">
            {t('story.loadingTranscript')}
          </p>
        ) : file.isError ? (
          <p className="text-sm text-mist-300">{file.error.message}</p>
        ) : (
          // The words are the story's, in its language (docs/decisions/061-stories-carry-their-language.md).
          <div lang={story.language} dir="auto">
            <CueList cues={file.data.cues} timed={file.data.timed} time={time} onSeek={seek} />
          </div>
        )}
        {isAuthor && <TranscriptEditorButton story={story} />}
      </div>
    </details>
  );
}

function CueList({
  cues,
  timed,
  time,
  onSeek,
}: {
  cues: Cue[];
  timed: boolean;
  time: number;
  onSeek: (seconds: number) => void;
}) {
  const t = useT();
  const list = useRef<HTMLOListElement>(null);
  const current = timed ? cues.findIndex((cue) => time >= cue.start! && time < cue.end!) : -1;
  useEffect(() => {
    if (current < 0) return;
    list.current?.children[current]?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  if (!timed) {
    return (
      <div className="grid max-h-64 gap-2 overflow-y-auto text-sm leading-relaxed text-mist-100">
        {cues.map((cue, index) => (
          <p key={index} className="whitespace-pre-line">
            {cue.text}
          </p>
        ))}
      </div>
    );
  }
  return (
    <ol ref={list} aria-label={t('story.transcriptCues')} className="grid max-h-64 gap-1 overflow-y-auto">
      {cues.map((cue, index) => (
        <li key={index}>
          <button
            type="button"
            aria-current={index === current ? 'true' : undefined}
            onClick={() => onSeek(cue.start!)}
            className={cn(
              'flex w-full gap-3 rounded-lg px-2 py-1.5 text-start text-sm leading-relaxed text-mist-100 hover:bg-night-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-glow-400',
              index === current && 'bg-glow-600/30 text-white',
            )}
          >
            <span className="shrink-0 tabular-nums text-mist-300">
              <span className="sr-only">{t('story.playFrom')}</span>
              {formatDuration(Math.floor(cue.start!))}
            </span>
            <span className="whitespace-pre-line">{cue.text}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
