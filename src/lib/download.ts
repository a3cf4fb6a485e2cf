/** Hands `blob` to the browser as a file download named `fileName` (exports: .ics, .csv, .png). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Hands `text` to the browser as a file download named `fileName`. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** An event's name as part of a file name: letters and digits, the rest one hyphen ('Lake weekend!' -> 'Lake-weekend'). */
export function fileNamePart(name: string, fallback = 'event'): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || fallback;
}
