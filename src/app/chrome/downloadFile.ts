/** Saves `body` as a file through an ordinary browser download. */
export function downloadFile(body: string | Uint8Array, fileName: string, mime: string): void {
  const blob = typeof body === 'string' ? new Blob([body], { type: `${mime};charset=utf-8` }) : new Blob([body as Uint8Array<ArrayBuffer>], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
