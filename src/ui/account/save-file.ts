// Saves text as a file the browser downloads (the account export): a Blob behind a link with `download`.
export function saveFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it can go once this task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
