/**
 * The create dialog's side of each media kind (common/media-kinds.ts): the draft's field for it, the file that
 * field sends, and its create tab. The pickers and previews are components/media-drafts.tsx. A new kind does not
 * compile until it has its field and its entry here.
 */
import { Camera, Mic, Video, type LucideIcon } from 'lucide-react';
import { AUDIO } from '#common/constants';
import type { MediaKind } from '#common/enums';
import type { MessageId } from '#client/lib/i18n/message-ids';

export interface RecordedAudio {
  blob: Blob;
  /**
   * Whole seconds: the recorder's timer, or bytes / 16000 rounded up when the timer said 0; for an uploaded file
   * its metadata's, or 0 when the browser cannot tell (the server measures the file either way).
   */
  duration: number;
  /** An uploaded file's name (a recording has none: it is sent as AUDIO.fileName). */
  name?: string;
}

interface PickedVideo {
  file: File;
  /** Whole seconds read from the file's metadata; null until known (or when the browser cannot tell). */
  duration: number | null;
}

/** The draft's field of each media kind (null: nothing recorded or chosen). */
export interface DraftMediaFields {
  audio: RecordedAudio | null;
  image: File | null;
  video: PickedVideo | null;
}

/** Every media field empty (a new draft, and a switch of type: docs/design.md, part 4). */
export const EMPTY_DRAFT_MEDIA: DraftMediaFields = { audio: null, image: null, video: null };

/** What a media field sends: the file, its name in the multipart body and its length in whole seconds, if known. */
export interface DraftFile {
  blob: Blob;
  name: string;
  duration: number | null;
}

/** A media story type's create tab (docs/design.md, part 2): its words as message ids, read where it is shown. */
export interface MediaTab {
  label: MessageId;
  subtitle: MessageId;
  icon: LucideIcon;
}

interface DraftMediaSpec<K extends MediaKind> {
  file: (value: NonNullable<DraftMediaFields[K]>) => DraftFile;
  tab: MediaTab;
}

export const DRAFT_MEDIA: { [K in MediaKind]: DraftMediaSpec<K> } = {
  audio: {
    file: (audio) => ({ blob: audio.blob, name: audio.name ?? AUDIO.fileName, duration: audio.duration || null }),
    tab: { label: 'create.tabAudio', subtitle: 'create.tabAudioSubtitle', icon: Mic },
  },
  image: {
    file: (image) => ({ blob: image, name: image.name, duration: null }),
    tab: { label: 'create.tabImage', subtitle: 'create.tabImageSubtitle', icon: Camera },
  },
  video: {
    file: (video) => ({ blob: video.file, name: video.file.name, duration: video.duration }),
    tab: { label: 'create.tabVideo', subtitle: 'create.tabVideoSubtitle', icon: Video },
  },
};

/** The file the draft holds for `kind`, or null. */
export function draftFile<K extends MediaKind>(draft: DraftMediaFields, kind: K): DraftFile | null {
  const value = draft[kind];
  return value ? DRAFT_MEDIA[kind].file(value) : null;
}
