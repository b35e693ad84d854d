/** Hands a file to the browser as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Hands text built in the page to the browser as a file download. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}
