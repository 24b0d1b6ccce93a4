/** One line of the preview step's details: a label and its value. */
export function PreviewDetail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-mist-400">{label}</dt>
      <dd className="min-w-0 truncate text-right text-mist-100">{value}</dd>
    </div>
  );
}
