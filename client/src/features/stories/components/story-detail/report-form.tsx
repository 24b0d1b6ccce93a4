import { useState, type FormEvent } from 'react';
import { LIMITS } from '#common/constants';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/input';
import { errorMessage } from '#client/lib/api-client';
import { messageToast } from '#client/lib/toast-message';
import { useReportStory } from '#client/features/stories/api/report-story';
import { STORY_TOASTS } from '#client/features/stories/lib/story-toasts';

/** The reason a reader reports a story (spec section 4 "Report"). */
export function ReportForm({ storyId, onDone }: { storyId: string; onDone: () => void }) {
  const report = useReportStory();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Please tell us why you are reporting this story.');
    report.mutate(
      { id: storyId, reason: reason.trim() },
      {
        onSuccess: () => {
          messageToast(STORY_TOASTS.reported, 'success');
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'Failed to report story.')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2 rounded-xl border border-night-700 bg-night-800/60 p-3" noValidate>
      <FormField id={`report-reason-${storyId}`} label="Why are you reporting this story?" error={error}>
        {(field) => (
          <Textarea
            {...field}
            value={reason}
            maxLength={LIMITS.reportReasonMax}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            rows={3}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" variant="destructive" disabled={report.isPending}>
          Send report
        </Button>
      </div>
    </form>
  );
}

