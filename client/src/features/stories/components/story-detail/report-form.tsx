import { useState, type FormEvent } from 'react';
import { MODERATION_LIMITS, MODERATION_MESSAGES, REPORT_REASONS, type ReportReason } from '#common/moderation';
import { reportStoryRequestSchema } from '#common/moderation-schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { errorMessage } from '#client/lib/api-client';
import { reasonName } from '#client/lib/i18n/moderation-words';
import { useT } from '#client/lib/i18n/use-t';
import { messageToast } from '#client/lib/toast-message';
import { useReportStory } from '#client/features/stories/api/report-story';
import { STORY_TOASTS } from '#client/features/stories/lib/story-toasts';

/** Why a reader reports a story (docs/design.md, part 4 "Report"; docs/design.md, rule 18): a reason from the list, a note. */
export function ReportForm({ storyId, onDone }: { storyId: string; onDone: (reported: boolean) => void }) {
  const t = useT();
  const report = useReportStory();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Checked by the call's own schema before it is sent (the server checks it again).
    const checked = reportStoryRequestSchema.safeParse({ reason, note: note.trim() || undefined });
    if (!checked.success)
      return setError(reason ? checked.error.issues[0]?.message : MODERATION_MESSAGES.reasonRequired);
    report.mutate(
      { id: storyId, reason: checked.data.reason, note: checked.data.note ?? undefined },
      {
        onSuccess: () => {
          messageToast(STORY_TOASTS.reported, 'success');
          onDone(true);
        },
        onError: (err) => setError(errorMessage(err, t('story.reportFailed'))),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2 rounded-xl border border-night-700 bg-night-800/60 p-3" noValidate>
      <FormField id={`report-reason-${storyId}`} label={t('story.reportReasonLabel')} error={error}>
        {(field) => (
          <Select
            {...field}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value as ReportReason | '');
              setError(undefined);
            }}
          >
            <option value="">{t('story.chooseReason')}</option>
            {REPORT_REASONS.map((code) => (
              <option key={code} value={code}>
                {reasonName(t, code)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id={`report-note-${storyId}`} label={t('story.reportNoteLabel')}>
        {(field) => (
          <Textarea
            {...field}
            value={note}
            maxLength={MODERATION_LIMITS.reportNoteMax}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => onDone(false)}>
          {t('story.cancel')}
        </Button>
        <Button type="submit" size="sm" variant="destructive" disabled={report.isPending}>
          {t('story.sendReport')}
        </Button>
      </div>
    </form>
  );
}
