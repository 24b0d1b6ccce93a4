/**
 * The author's transcript (audio) or captions (video) editor (docs/decisions/056-transcripts-and-captions.md): type
 * plain text or WebVTT, or choose a WebVTT file (read here, sent as text, checked by the server with the same
 * parser: common/vtt.ts). A speech-to-text draft (docs/decisions/057-transcribe-command.md) fills the box for the
 * author to correct and publish.
 */
import { FileText } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Story } from '#common/schemas';
import { parseTranscript, TRANSCRIPT_LIMITS } from '#common/vtt';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { errorMessage } from '#client/lib/api-client';
import { useT } from '#client/lib/i18n/use-t';
import { useAuthorTranscript, useDeleteTranscript, useSaveTranscript } from '../api/transcript';

export function TranscriptEditorButton({ story }: { story: Story }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const captions = story.type === 'video';
  const has = story.transcriptUrl !== undefined;
  const label = captions
    ? t(has ? 'story.editCaptions' : 'story.addCaptions')
    : t(has ? 'story.editTranscript' : 'story.addTranscript');
  return (
    <>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setEditing(true)}>
        <FileText aria-hidden />
        {label}
      </Button>
      <Dialog open={editing} onOpenChange={setEditing}>
        {editing && (
          <DialogContent
            title={captions ? t('story.captions') : t('story.transcript')}
            description={t('story.transcriptDialogDescription')}
            className="max-w-xl"
          >
            <TranscriptForm story={story} onDone={() => setEditing(false)} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

function TranscriptForm({ story, onDone }: { story: Story; onDone: () => void }) {
  const t = useT();
  const current = useAuthorTranscript(story.id, true);
  if (current.isPending) return <p role="status">{t('story.loadingTranscript')}</p>;
  if (current.isError) return <p>{errorMessage(current.error, t('story.transcriptLoadFailed'))}</p>;
  const { published, draft } = current.data;
  return (
    <TranscriptFields
      story={story}
      initial={draft?.text ?? published?.text ?? ''}
      fromDraft={draft !== null}
      published={published !== null}
      onDone={onDone}
    />
  );
}

function TranscriptFields({
  story,
  initial,
  fromDraft,
  published,
  onDone,
}: {
  story: Story;
  initial: string;
  fromDraft: boolean;
  published: boolean;
  onDone: () => void;
}) {
  const t = useT();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveTranscript(story.id);
  const remove = useDeleteTranscript(story.id);
  const busy = save.isPending || remove.isPending;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > TRANSCRIPT_LIMITS.maxBytes) {
      setError(t('story.transcriptTooLarge', { kb: TRANSCRIPT_LIMITS.maxBytes / 1000 }));
      return;
    }
    setText(await file.text());
    setError(undefined);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own check, at once under the field (it checks again, with the recording's length).
    const checked = parseTranscript(text, story.duration);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    save.mutate(text, {
      onSuccess: () => {
        toast({
          title: t('story.transcriptPublished'),
          description: t('story.transcriptPublishedDescription'),
          variant: 'success',
        });
        onDone();
      },
      onError: (failure) => setError(errorMessage(failure, t('story.transcriptSaveFailed'))),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {fromDraft && (
        <p className="rounded-lg border border-glow-500/40 bg-glow-600/10 p-2 text-sm text-mist-100">
          {t('story.transcriptDraftNote')}
        </p>
      )}
      <FormField id="transcript-text" label={t('story.transcriptTextLabel')} error={error}>
        {(field) => (
          <Textarea
            {...field}
            rows={10}
            value={text}
            maxLength={TRANSCRIPT_LIMITS.maxBytes}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
            className="font-mono text-sm"
          />
        )}
      </FormField>
      <div className="grid gap-1">
        <label htmlFor="transcript-file" className="text-sm font-medium text-mist-100">
          {t('story.transcriptFileLabel')}
        </label>
        <input
          id="transcript-file"
          type="file"
          accept=".vtt,text/vtt"
          onChange={(e) => void onFile(e)}
          className="text-sm text-mist-300 file:me-3 file:rounded-md file:border-0 file:bg-night-700 file:px-3 file:py-1.5 file:text-mist-100"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {published && (
          <Button
            type="button"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: onDone,
                onError: (failure) => setError(errorMessage(failure, t('story.transcriptRemoveFailed'))),
              })
            }
          >
            {t('story.remove')}
          </Button>
        )}
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={busy}>
            {t('story.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {save.isPending ? t('story.publishing') : t('story.publish')}
        </Button>
      </div>
    </form>
  );
}
