import { toast } from '../../../components/ui/use-toast';
import { toastParts } from './draft';

/** Shows a spec message such as "Missing image: Please select an image for your story." as title + text. */
export function messageToast(message: string, variant: 'destructive' | 'success' | 'default' = 'destructive') {
  return toast({ ...toastParts(message), variant });
}
