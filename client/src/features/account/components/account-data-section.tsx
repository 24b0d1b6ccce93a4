import { Download, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { deleteAccountRequestSchema } from '#common/account-schemas';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { paths } from '#client/config/paths';
import { errorMessage } from '#client/lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadAccountData } from '../api/export-account';

/** "Your data" on the profile screen (docs/design.md, rule 13): download everything as one file, or delete the account. */
export function AccountDataSection() {
  const download = useDownloadAccountData();
  const [deleting, setDeleting] = useState(false);

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Download started', description: 'Your data is saved as one JSON file.', variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Download failed',
          description: errorMessage(error, 'Something went wrong'),
          variant: 'destructive',
        }),
    });

  return (
    <section
      aria-labelledby="your-data-title"
      className="mt-6 rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl backdrop-blur sm:p-7"
    >
      <h2 id="your-data-title" className="font-display text-xl font-semibold text-mist-100">
        Your data
      </h2>
      <p className="mt-1 text-sm text-mist-300">
        Download your profile, your stories (with links to their media, valid for a day) and the likes you gave.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={onDownload} disabled={download.isPending}>
          <Download aria-hidden />
          {download.isPending ? 'Preparing...' : 'Download your data'}
        </Button>
        <Button type="button" variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden />
          Delete account
        </Button>
      </div>
      <Dialog open={deleting} onOpenChange={setDeleting}>
        {deleting && (
          <DialogContent title="Delete your account?">
            <DeleteAccountForm />
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}

function DeleteAccountForm() {
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = deleteAccountRequestSchema.safeParse({ password });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    remove.mutate(checked.data, {
      onSuccess: (answer) => {
        navigate(paths.auth);
        toast({ title: 'Account deleted', description: answer.message, variant: 'success' });
      },
      onError: (failure) => setError(errorMessage(failure, 'Something went wrong. Your account was not deleted.')),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-mist-300">
        Your profile, your stories with their media, your likes, reports and notifications are removed for good. This
        cannot be undone. Enter your password to confirm.
      </p>
      <FormField id="delete-account-password" label="Password" error={error}>
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={remove.isPending}>
            Keep my account
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
