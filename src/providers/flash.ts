/**
 * A message to show once after a full page load, for actions that end in one (switching accounts
 * reloads the console as the other account: '切换成功' is shown when it has loaded).
 */
const KEY = 'flash';

export function setFlash(text: string): void {
  try {
    sessionStorage.setItem(KEY, text);
  } catch {
    /* no storage: nothing to show later */
  }
}

export function takeFlash(): string | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (text !== null) sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return null;
  }
}
