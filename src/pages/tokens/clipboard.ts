/** A link as customers hand it on: `identifier----link`, one per line. */
export const linkLine = (r: { identifier?: string; url?: string }) => `${r.identifier ?? ''}----${r.url ?? ''}`;

/** Saves text as a .txt file (UTF-8, Windows line ends so Notepad shows the lines). */
export function downloadText(name: string, lines: string[]): void {
  const blob = new Blob([lines.join('\r\n') + '\r\n'], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
