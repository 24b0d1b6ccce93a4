/**
 * The create dialog's picker and preview of each media kind (common/media-kinds.ts; the draft's field and tab
 * are lib/draft-media.ts). A new kind does not compile until it has its entry. Each entry is called as its element
 * renders, so `translate` reads the current language.
 */
import type { ReactNode } from 'react';
import type { MediaKind } from '#common/enums';
import { formatDuration } from '#client/lib/stories/story-display';
import { formatFileSize, formatKb, type StoryDraft } from '../lib/draft';
import { translate } from '#client/lib/i18n/i18n';
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
        <span className="text-sm font-medium text-mist-300">{translate('create.yourRecording')}</span>
        <AudioRecorder audio={draft.audio} onChange={(audio) => onChange({ audio })} disabled={disabled} />
      </>
    ),
    cardMeta: (draft) => formatDuration(draft.audio?.duration ?? 0),
    preview: (draft) => (
      <dl className="grid gap-1 text-sm">
        <PreviewDetail
          label={translate('create.duration')}
          value={draft.audio?.duration ? formatDuration(draft.audio.duration) : translate('create.unknown')}
        />
        <PreviewDetail label={translate('create.size')} value={formatKb(draft.audio?.blob.size ?? 0)} />
        {draft.audio?.name && <PreviewDetail label={translate('create.name')} value={draft.audio.name} />}
      </dl>
    ),
  },
  image: {
    picker: (draft, onChange, disabled) => (
      <MediaPicker kind="image" file={draft.image} onChange={(image) => onChange({ image })} disabled={disabled} />
    ),
    cardMeta: () => translate('create.imageStory'),
    preview: (draft, stillUrl) => (
      <div className="grid gap-2">
        {stillUrl && (
          <img
            src={stillUrl}
            alt={translate('create.imageToPublish')}
            className="max-h-48 w-full rounded-lg object-contain"
          />
        )}
        <dl className="grid gap-1 text-sm">
          <PreviewDetail label={translate('create.size')} value={formatFileSize(draft.image?.size ?? 0)} />
          <PreviewDetail label={translate('create.type')} value={draft.image?.type || translate('create.unknown')} />
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
          label={translate('create.duration')}
          value={draft.video?.duration ? formatDuration(draft.video.duration) : translate('create.unknown')}
        />
        <PreviewDetail label={translate('create.size')} value={formatFileSize(draft.video?.file.size ?? 0)} />
        <PreviewDetail label={translate('create.name')} value={draft.video?.file.name ?? translate('create.unknown')} />
      </dl>
    ),
  },
} satisfies Record<MediaKind, MediaDraftView>;
