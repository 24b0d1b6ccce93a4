/**
 * The create dialog's picker and preview of each media kind (common/media-kinds.ts; the draft's field and tab
 * are lib/draft-media.ts). A new kind does not compile until it has its entry.
 */
import type { ReactNode } from 'react';
import type { MediaKind } from '#common/enums';
import { formatDuration } from '#client/lib/stories/story-display';
import { formatFileSize, formatKb, type StoryDraft } from '../lib/draft';
import { AudioRecorder } from './audio-recorder';
import { MediaPicker } from './media-picker';
import { PreviewDetail } from './preview-detail';

interface MediaDraftView {
  /** The tab's picker (or recorder) of the file. */
  picker: (draft: StoryDraft, onChange: (patch: Partial<StoryDraft>) => void, disabled: boolean) => ReactNode;
  /** What the preview card says under the title. */
  cardMeta: (draft: StoryDraft) => string;
  /** The preview step's details of the file (`stillUrl`: a chosen still picture's object URL). */
  preview: (draft: StoryDraft, stillUrl: string | null) => ReactNode;
}

export const MEDIA_DRAFT_VIEWS = {
  audio: {
    picker: (draft, onChange, disabled) => (
      <>
        <span className="text-sm font-medium text-mist-300">Your Recording</span>
        <AudioRecorder audio={draft.audio} onChange={(audio) => onChange({ audio })} disabled={disabled} />
      </>
    ),
    cardMeta: (draft) => formatDuration(draft.audio?.duration ?? 0),
    preview: (draft) => (
      <dl className="grid gap-1 text-sm">
        <PreviewDetail
          label="Duration"
          value={draft.audio?.duration ? formatDuration(draft.audio.duration) : 'Unknown'}
        />
        <PreviewDetail label="Size" value={formatKb(draft.audio?.blob.size ?? 0)} />
        {draft.audio?.name && <PreviewDetail label="Name" value={draft.audio.name} />}
      </dl>
    ),
  },
  image: {
    picker: (draft, onChange, disabled) => (
      <MediaPicker kind="image" file={draft.image} onChange={(image) => onChange({ image })} disabled={disabled} />
    ),
    cardMeta: () => 'Image story',
    preview: (draft, stillUrl) => (
      <div className="grid gap-2">
        {stillUrl && (
          <img src={stillUrl} alt="Image to publish" className="max-h-48 w-full rounded-lg object-contain" />
        )}
        <dl className="grid gap-1 text-sm">
          <PreviewDetail label="Size" value={formatFileSize(draft.image?.size ?? 0)} />
          <PreviewDetail label="Type" value={draft.image?.type || 'Unknown'} />
        </dl>
      </div>
    ),
  },
  video: {
    picker: (draft, onChange, disabled) => (
      <MediaPicker
        kind="video"
        file={draft.video?.file ?? null}
        duration={draft.video?.duration}
        onChange={(file) => onChange({ video: file ? { file, duration: null } : null })}
        onDuration={(duration) => onChange({ video: draft.video ? { ...draft.video, duration } : null })}
        disabled={disabled}
      />
    ),
    cardMeta: (draft) => formatDuration(draft.video?.duration ?? 0),
    preview: (draft) => (
      <dl className="grid gap-1 text-sm">
        <PreviewDetail
          label="Duration"
          value={draft.video?.duration ? formatDuration(draft.video.duration) : 'Unknown'}
        />
        <PreviewDetail label="Size" value={formatFileSize(draft.video?.file.size ?? 0)} />
        <PreviewDetail label="Name" value={draft.video?.file.name ?? 'Unknown'} />
      </dl>
    ),
  },
} satisfies Record<MediaKind, MediaDraftView>;
