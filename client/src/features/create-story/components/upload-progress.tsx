/** Upload progress of the publish request, as a labelled progress bar with its percent. */
export function UploadProgress({ percent, done }: { percent: number; done: boolean }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="grid gap-1.5" aria-live="polite">
      <div className="flex justify-between text-xs text-mist-300">
        <span>{done ? 'Published' : value < 100 ? 'Uploading...' : 'Processing...'}</span>
        <span>{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-night-700"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-glow-600 to-glow-400 transition-[width] duration-200"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
