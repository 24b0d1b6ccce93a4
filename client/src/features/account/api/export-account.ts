import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '#client/lib/api';

const FALLBACK_NAME = 'whispers-data.json';

/** The file name the server gave in Content-Disposition, else a plain one. */
function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? FALLBACK_NAME;
}

/** GET /api/account/export, saved by the browser as the JSON file the server names. */
async function downloadAccountData(): Promise<void> {
  const res = await apiResponse('exportAccount');
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(res.headers.get('content-disposition'));
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData });
}
