/**
 * docs/design.md, part 8 words most toasts as one sentence, "Title! Text" or "Title: Text" ("Missing image: Please select an
 * image for your story.", "Story liked! Thank you…"). The wording lives in one constant; the toast shows its title
 * (up to the first "!" or ":", the "!" kept, the ":" dropped) above the rest.
 */
import { toast } from '#client/components/ui/use-toast';

export function toastParts(message: string): { title: string; description?: string } {
  const match = /^(.+?[:!])\s+(.+)$/s.exec(message);
  if (!match) return { title: message };
  return { title: match[1]!.replace(/:$/, ''), description: match[2]! };
}

/** Shows a spec sentence as a toast, split into title and description. */
export function messageToast(message: string, variant: 'destructive' | 'success' | 'default' = 'destructive') {
  return toast({ ...toastParts(message), variant });
}
